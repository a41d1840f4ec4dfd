// multipart/form-data for the product forms (product-store, product-update). The whole form is read
// and checked before any domain call, so a refused form writes nothing. Every limit is hard: at most
// two image parts of 5 MB, a few short text fields, and a cap on the raw bytes of the request.
import { Readable } from "node:stream";
import type { Request } from "express";
import busboy from "busboy";
import { invalid, type FieldErrors } from "../domain/shared/index.js";
import { MAX_IMAGE_BYTES, type ImageUpload } from "../domain/images/index.js";
import { HttpError } from "./errors.js";

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, ImageUpload>;
}

const MAX_FIELDS = 20;
/** Enough for the longest description in any script (5,000 characters of up to 4 bytes each). */
const MAX_FIELD_BYTES = 32 * 1024;
// Two images plus every text field at its cap, with room for part headers. Past this the request is cut off.
const MAX_REQUEST_BYTES = 2 * MAX_IMAGE_BYTES + MAX_FIELDS * MAX_FIELD_BYTES + 64 * 1024;

/**
 * Reads a multipart form. `fileFields` are the only names that may carry files, one file each.
 * A file over the cap is kept at MAX_IMAGE_BYTES + 1 bytes so that the image store (the one place the
 * 5 MB rule lives) refuses it with its own message. Problems become BAD_USER_INPUT on the field.
 */
export function parseMultipart(req: Request, fileFields: readonly string[]): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          fieldNameSize: 100,
          // One more than the shop accepts, so an extra file is reported by its field name below.
          files: fileFields.length + 1,
          fileSize: MAX_IMAGE_BYTES + 1,
          parts: MAX_FIELDS + fileFields.length + 1,
        },
      });
    } catch {
      reject(new HttpError(400, "The multipart form could not be read."));
      return;
    }

    const fields: Record<string, string> = {};
    const files: Record<string, ImageUpload> = {};
    const problems: FieldErrors = {};
    const problem = (field: string, message: string) => {
      (problems[field] ??= []).push(message);
    };
    let pending = 0;
    let parsed = false;
    let settled = false;
    let received = 0;

    const finish = (error?: unknown) => {
      if (settled) return;
      if (error) {
        settled = true;
        req.unpipe(parser);
        req.resume();
        reject(error);
        return;
      }
      if (!parsed || pending > 0) return;
      settled = true;
      if (Object.keys(problems).length > 0) reject(invalid(problems));
      else resolve({ fields, files });
    };

    parser.on("field", (name, value, info) => {
      if (info.nameTruncated) return;
      if (info.valueTruncated) problem(name, `The ${name} field is too long.`);
      else fields[name] = value;
    });

    parser.on("file", (name, stream, info) => {
      if (!fileFields.includes(name)) {
        problem(name, `The ${name} field does not take a file.`);
        stream.resume();
        return;
      }
      // A file input left empty is sent as a part with no file name and no bytes: nothing was chosen.
      const chunks: Buffer[] = [];
      let size = 0;
      pending += 1;
      stream.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
      });
      stream.on("error", (error) => finish(error));
      stream.on("end", () => {
        pending -= 1;
        if (size === 0 && !info.filename) {
          finish();
          return;
        }
        if (name in files) problem(name, `Send one file at most for ${name}.`);
        else {
          const bytes = Buffer.concat(chunks, size);
          files[name] = { createReadStream: () => Readable.from([bytes]), filename: info.filename };
        }
        finish();
      });
    });

    parser.on("filesLimit", () => problem("files", `Send at most ${fileFields.length} images.`));
    parser.on("fieldsLimit", () => problem("form", "The form has too many fields."));
    parser.on("partsLimit", () => problem("form", "The form has too many parts."));
    parser.on("error", () => finish(new HttpError(400, "The multipart form could not be read.")));
    parser.on("close", () => {
      parsed = true;
      finish();
    });

    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_REQUEST_BYTES) finish(new HttpError(413, "The request is too large."));
    });
    req.on("error", (error) => finish(error));
    // A client that gives up part-way: busboy would wait for the rest forever.
    req.on("close", () => {
      if (!req.complete) finish(new HttpError(400, "The multipart form was cut off."));
    });
    req.pipe(parser);
  });
}
