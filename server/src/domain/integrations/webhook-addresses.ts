// Where a webhook may be sent. A URL an admin types must not turn the shop into a way to reach its own
// network (SSRF): it must be https in production, and its host must not be or resolve to a private,
// loopback, link-local or otherwise non-public address. Checked when the endpoint is registered and again
// at every delivery, on the very addresses the connection then uses (so DNS rebinding cannot slip past),
// unless the settings allow such addresses (development and tests).
import dns from "node:dns";
import net from "node:net";

export interface WebhookSafety {
  /** Allow http:// URLs (never in production). */
  allowHttp: boolean;
  /** Allow private, loopback and link-local addresses (development and tests only). */
  allowPrivateAddresses: boolean;
}

export const MAX_URL_LENGTH = 2000;

/** Address blocks that are not the public internet (RFC 6890 and friends). */
const blocked = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and broadcast
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (private)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** An IPv4 address carried inside an IPv6 one (::ffff:a.b.c.d, NAT64 64:ff9b::/96), or null. */
function embeddedIPv4(address: string): string | null {
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether an IP address is on the public internet (false for private, loopback, link-local, ...). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = net.isIP(bare);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(bare, "ipv4");
  const v4 = embeddedIPv4(bare);
  if (v4) return isPublicAddress(v4);
  return !blocked.check(bare, "ipv6");
}

export class UnsafeAddressError extends Error {}

const PRIVATE_ADDRESS = "The URL must not point to a private, loopback or link-local address.";

/**
 * The addresses a host name resolves to, all of them checked: an error when the name does not resolve,
 * or when any address is not public and the settings do not allow it.
 */
export async function resolveSafely(hostname: string, safety: WebhookSafety): Promise<dns.LookupAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  const addresses = net.isIP(bare) ? [{ address: bare, family: net.isIP(bare) }] : await dns.promises.lookup(bare, { all: true, verbatim: true });
  if (addresses.length === 0) throw new UnsafeAddressError(`The host name ${bare} does not resolve to any address.`);
  if (!safety.allowPrivateAddresses && addresses.some((entry) => !isPublicAddress(entry.address))) throw new UnsafeAddressError(PRIVATE_ADDRESS);
  return addresses;
}

/**
 * A `lookup` for http(s).request that resolves like the system does but refuses non-public addresses:
 * the connection goes exactly to the addresses checked here (no second resolution to rebind).
 */
export function checkedLookup(safety: WebhookSafety): net.LookupFunction {
  return (hostname, options, callback) => {
    resolveSafely(hostname, safety).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
        const usable = wanted.length > 0 ? wanted : addresses;
        if (options.all) (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, "", 0),
    );
  };
}

/**
 * A webhook URL's problem, or null when it may be used: absolute http(s) (https unless allowed), no
 * user name or password in it, at most MAX_URL_LENGTH characters, and a host that resolves to public
 * addresses only (unless allowed).
 */
export async function webhookUrlProblem(value: string, safety: WebhookSafety): Promise<string | null> {
  if (value.length > MAX_URL_LENGTH) return `The URL may not be greater than ${MAX_URL_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "The URL must be a full address such as https://erp.example.com/webhooks/verdant.";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && safety.allowHttp)) return "The URL must start with https://.";
  if (url.username || url.password) return "The URL may not contain a user name or password: the signature authenticates the shop.";
  if (url.hash) return "The URL may not contain a #fragment.";
  try {
    await resolveSafely(url.hostname, safety);
  } catch (error) {
    if (error instanceof UnsafeAddressError) return error.message;
    return `The host name ${url.hostname} could not be found.`;
  }
  return null;
}
