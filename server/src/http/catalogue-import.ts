// The catalogue import over HTTP (domain/catalogue-transfer/import.ts), for the back office and integrators,
// under the same Bearer token as every other call (staff with catalogue:write, API keys with that scope):
//
//   POST /public/api/admin/catalogue-imports?fileName=plants.csv   body: the file's bytes  -> 202 { import }
//   GET  /public/api/admin/catalogue-imports                        the latest ten          -> 200 { imports }
//   GET  /public/api/admin/catalogue-imports/:id                    progress and outcome    -> 200 { import }
//   POST /public/api/admin/catalogue-imports/:id/apply              apply (or resume)       -> 202 { import }
//
// The dry run and the application run in the background; the caller polls the import. A bad file answers 422
// { message, file: [message] } and keeps nothing; a file over the limit 413; refusals as the REST shim's.
import express, { type Request, type Response, type Router } from "express";
import type { Shop } from "../domain/shop.js";
import { CATALOGUE_IMPORT_MAX_BYTES } from "../domain/catalogue-transfer/index.js";
import { requireAdmin, safeError, type Viewer } from "../domain/shared/index.js";
import { nameRequest } from "../metrics.js";
import { errorAnswer, plainError } from "../rest/errors.js";
import { requestViewer } from "../rest/request-viewer.js";

export const CATALOGUE_IMPORTS_PATH = "/public/api/admin/catalogue-imports";

const TOO_LARGE = `The file is larger than ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`;

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

  router.post(
    CATALOGUE_IMPORTS_PATH,
    // Who may import is settled before a byte of the file is read: a stranger's 100 MB costs nothing.
    async (req, res, next) => {
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
    },
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
      return { import: await imports.upload(res.locals.viewer as Viewer, { fileName: req.query.fileName, bytes }) };
    }),
  );
  router.get(CATALOGUE_IMPORTS_PATH, answer(200, async (req) => ({ imports: await imports.list(await requestViewer(shop, req)) })));
  router.get(`${CATALOGUE_IMPORTS_PATH}/:id`, answer(200, async (req) => ({ import: await imports.get(await requestViewer(shop, req), req.params.id) })));
  router.post(`${CATALOGUE_IMPORTS_PATH}/:id/apply`, answer(202, async (req) => ({ import: await imports.apply(await requestViewer(shop, req), req.params.id) })));
  return router;
}
