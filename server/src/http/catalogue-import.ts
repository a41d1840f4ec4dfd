// The catalogue import over HTTP (domain/catalogue-transfer/import.ts), for the back office and integrators,
// under the same Bearer token as every other call (staff with catalogue:write, API keys with that scope):
//
//   POST /public/api/admin/catalogue-imports?fileName=plants.csv   body: the file's bytes  -> 202 { import }
//   GET  /public/api/admin/catalogue-imports                        the latest ten          -> 200 { imports }
//   GET  /public/api/admin/catalogue-imports/:id                    progress and outcome    -> 200 { import }
//   POST /public/api/admin/catalogue-imports/:id/apply              apply (or resume)       -> 202 { import }
//   POST /public/api/admin/catalogue-imports/pictures?fileName=photos.zip   body: a zip     -> 202 { pictures }
//   GET  /public/api/admin/catalogue-imports/pictures/:id          pictures stored so far  -> 200 { pictures }
//
// A catalogue file whose rows name pictures by file name is sent once its zip is stored, with &pictures=<id>.
// The dry run and the application run in the background; the caller polls the import. A bad file answers 422
// { message, file: [message] } and keeps nothing; a file over the limit 413; refusals as the REST shim's.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import express, { type Request, type Response, type Router } from "express";
import type { Shop } from "../domain/shop.js";
import { CATALOGUE_IMPORT_MAX_BYTES, PICTURE_ZIP_MAX_BYTES } from "../domain/catalogue-transfer/index.js";
import { requireAdmin, safeError, type Viewer } from "../domain/shared/index.js";
import { nameRequest } from "../metrics.js";
import { errorAnswer, HttpError, plainError } from "../rest/errors.js";
import { requestViewer } from "../rest/request-viewer.js";

export const CATALOGUE_IMPORTS_PATH = "/public/api/admin/catalogue-imports";

const TOO_LARGE = `The file is larger than ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`;

/** Passes the body on until it passes `limit` bytes, then fails with 413 (the zip is streamed to disk, never held). */
const byteLimit = (limit: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new HttpError(413, `The zip is larger than ${limit / 1024 / 1024} MB: split the pictures into several zips and files.`));
      else done(null, chunk);
    },
  });
};

export function catalogueImportRoutes(shop: Shop): Router {
  const router = express.Router();
  const imports = shop.catalogueImports;
  const answer = (status: number, work: (req: Request, res: Response) => Promise<object>) => async (req: Request, res: Response) => {
    nameRequest(req, { route: "catalogue-import" });
    res.setHeader("Cache-Control", "no-store");
    try {
      res.status(status).json(await work(req, res));
    } catch (error) {
      const refused = errorAnswer(error, "fields-and-message");
      if (refused.status >= 500) req.log?.error({ err: safeError(error) }, "a catalogue import call failed");
      res.status(refused.status).json(refused.body);
    }
  };

  // Who may import is settled before a byte of the file is read: a stranger's 100 MB costs nothing.
  const mayImport = async (req: Request, res: Response, next: () => void) => {
    try {
      const viewer = await requestViewer(shop, req);
      requireAdmin(viewer, "catalogue:write");
      res.locals.viewer = viewer;
      next();
    } catch (error) {
      const refused = errorAnswer(error);
      res.setHeader("Connection", "close");
      res.status(refused.status).json(refused.body);
    }
  };

  router.post(
    `${CATALOGUE_IMPORTS_PATH}/pictures`,
    mayImport,
    answer(202, async (req, res) => {
      const file = path.join(os.tmpdir(), `verdant-pictures-${process.pid}-${crypto.randomUUID()}.zip`);
      try {
        await pipeline(req, byteLimit(PICTURE_ZIP_MAX_BYTES), fs.createWriteStream(file));
      } catch (error) {
        fs.rmSync(file, { force: true });
        res.setHeader("Connection", "close");
        throw error;
      }
      return { pictures: await shop.cataloguePictures.upload(res.locals.viewer as Viewer, { fileName: req.query.fileName, file }) };
    }),
  );
  router.get(`${CATALOGUE_IMPORTS_PATH}/pictures/:id`, answer(200, async (req) => ({ pictures: await shop.cataloguePictures.get(await requestViewer(shop, req), req.params.id) })));

  router.post(
    CATALOGUE_IMPORTS_PATH,
    mayImport,
    // Any content type: the body is the file itself, whatever the browser calls it.
    (req, res, next) =>
      express.raw({ type: () => true, limit: CATALOGUE_IMPORT_MAX_BYTES })(req, res, (error?: unknown) => {
        if (!error) return next();
        const status = (error as { status?: number }).status ?? 400;
        const refused = status === 413 ? plainError(413, TOO_LARGE) : errorAnswer(error);
        res.setHeader("Connection", "close");
        res.status(refused.status).json(refused.body);
      }),
    answer(202, async (req, res) => {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      return { import: await imports.upload(res.locals.viewer as Viewer, { fileName: req.query.fileName, bytes, pictureSetId: req.query.pictures }) };
    }),
  );
  router.get(CATALOGUE_IMPORTS_PATH, answer(200, async (req) => ({ imports: await imports.list(await requestViewer(shop, req)) })));
  router.get(`${CATALOGUE_IMPORTS_PATH}/:id`, answer(200, async (req) => ({ import: await imports.get(await requestViewer(shop, req), req.params.id) })));
  router.post(`${CATALOGUE_IMPORTS_PATH}/:id/apply`, answer(202, async (req) => ({ import: await imports.apply(await requestViewer(shop, req), req.params.id) })));
  return router;
}
