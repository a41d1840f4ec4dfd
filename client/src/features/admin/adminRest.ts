// The back office's REST calls beside GraphQL (the catalogue's CSV out and in): they carry the signed-in token
// as the Apollo link does, and a refusal is read for the server's own words ({ message }, and for a file sent,
// what is wrong with it: { file: [...] }, or with a zip of pictures: { pictures: [...] }), so the screen says what
// the server said, else the generic failure.
import { bearer, readAccessToken } from "../../lib/auth/tokenStorage";
import { messages } from "../../lib/messages";

/** The headers with the signed-in token added (none for a guest: the server then answers 401 in words). */
export function withToken(headers: Record<string, string> = {}): Record<string, string> {
  const token = readAccessToken();
  return token ? { ...headers, Authorization: bearer(token) } : headers;
}

/** What the server said when it refused: its message, and the file's (or the zip's) own faults when it judged one. */
export interface ServerRefusal {
  message: string;
  file: string[];
  pictures: string[];
}

const wordsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((text): text is string => typeof text === "string" && text !== "") : []);

/** The refusal in the answer's JSON ({ message, file?, pictures? }); the generic failure when it has no words (a proxy's page). */
export async function refusalOf(answer: Response): Promise<ServerRefusal> {
  try {
    const body = (await answer.json()) as { message?: unknown; file?: unknown; pictures?: unknown };
    const message = typeof body.message === "string" && body.message !== "" ? body.message : messages.genericFailure;
    return { message, file: wordsOf(body.file), pictures: wordsOf(body.pictures) };
  } catch {
    return { message: messages.genericFailure, file: [], pictures: [] };
  }
}
