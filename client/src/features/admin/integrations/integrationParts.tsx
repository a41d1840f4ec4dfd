// Pieces the Integrations screens share: the once-only secret panel, the webhook endpoint form, status
// badges and dates. Secrets are shown once (a key's) or on creation and rotation (an endpoint's): the
// panel says so and offers a copy button.
import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, Modal, NumberInput, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import type { AdminWebhookEndpointFragment, WebhookEventType } from "../../../graphql/generated/graphql";
import { formatDateTime } from "../../../lib/orders/invoice";
import { SubmitButton } from "../AdminParts";

/** "Nov 22, 2026, 3:04 PM", or the word for none. */
export const when = (iso: string | null | undefined, none = "Never") => (iso ? formatDateTime(iso) : none);

/** A secret shown this once, with a copy button and the way to put it away. */
export function SecretReveal({ title, secret, note, onDone }: { title: string; secret: string; note: string; onDone: () => void }) {
  return (
    <Alert color="yellow" variant="light" title={title} role="alert">
      <Stack gap="xs">
        <Text size="sm">{note}</Text>
        <Code block data-testid="revealed-secret" style={{ wordBreak: "break-all" }}>
          {secret}
        </Code>
        <Group gap="xs">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? "Copied" : "Copy"}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            I have copied it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** An endpoint's state in words: on, off by the admin, or turned off by the shop after a day of failures. */
export function EndpointStatus({ endpoint }: { endpoint: Pick<AdminWebhookEndpointFragment, "active" | "disabledAt" | "failingSince"> }) {
  if (endpoint.active && endpoint.failingSince) return <Badge color="orange">Failing since {when(endpoint.failingSince)}</Badge>;
  if (endpoint.active) return <Badge color="green">Active</Badge>;
  if (endpoint.disabledAt) return <Badge color="red">Turned off after failures</Badge>;
  return <Badge color="gray">Off</Badge>;
}

export interface EndpointValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  active: boolean;
  stockLowThreshold: number;
}

export const NEW_ENDPOINT: EndpointValues = { url: "", description: "", events: [], active: true, stockLowThreshold: 5 };

interface EndpointFormProps {
  initial: EndpointValues;
  eventTypes: ReadonlyArray<{ type: WebhookEventType; description: string }>;
  submitLabel: string;
  submitting: boolean;
  /** The server's messages by field (BAD_USER_INPUT's extensions.fields). */
  errors: Record<string, string[]>;
  onSubmit: (values: EndpointValues) => void;
}

export function EndpointForm({ initial, eventTypes, submitLabel, submitting, errors, onSubmit }: EndpointFormProps) {
  const [values, setValues] = useState(initial);
  const set = (change: Partial<EndpointValues>) => setValues((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="URL"
          description="Where the shop POSTs events: https:// in production."
          placeholder="https://erp.example.com/webhooks/verdant"
          value={values.url}
          onChange={(event) => set({ url: event.currentTarget.value })}
          error={errors.url?.join(" ")}
          withAsterisk
        />
        <TextInput
          label="Description"
          value={values.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          error={errors.description?.join(" ")}
        />
        <Checkbox.Group label="Events" value={values.events} onChange={(events) => set({ events: events as WebhookEventType[] })} error={errors.events?.join(" ")} withAsterisk>
          <Stack gap={6} mt={6}>
            {eventTypes.map((event) => (
              <Checkbox key={event.type} value={event.type} label={eventName(event.type)} description={event.description} />
            ))}
          </Stack>
        </Checkbox.Group>
        <NumberInput
          label="Stock low threshold"
          description="product.stock_low fires when a product's stock falls to this or below."
          value={values.stockLowThreshold}
          onChange={(value) => set({ stockLowThreshold: Number(value) || 0 })}
          min={0}
          allowDecimal={false}
          error={errors.stock_low_threshold?.join(" ")}
        />
        <Switch label="Active" checked={values.active} onChange={(event) => set({ active: event.currentTarget.checked })} />
        <SubmitButton label={submitLabel} submitting={submitting} />
      </Stack>
    </form>
  );
}

/** ORDER_STATUS_CHANGED -> "order.status_changed", as the webhook body's type says it. */
export const eventName = (type: string) => type.toLowerCase().replace(/_/, ".");

/** The server's messages by field for invalid input (extensions.fields), to show beside each field. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  const errors = (error as { errors?: ReadonlyArray<{ extensions?: { code?: unknown; fields?: unknown } }> })?.errors ?? [];
  const fields = errors.find((entry) => entry.extensions?.code === "BAD_USER_INPUT")?.extensions?.fields;
  return fields && typeof fields === "object" ? (fields as Record<string, string[]>) : {};
}

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  confirming: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before something that cannot be undone (revoking a key, deleting an endpoint). */
export function ConfirmDialog({ opened, title, text, confirmLabel, confirming, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={confirming} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
