// GET /public/api/admin/catalogue.csv: the whole catalogue as a CSV file (domain/catalogue-transfer), streamed
// to the caller as it is read. Bearer token as every other call (a staff member's session or an API key);
// refusals are JSON as the REST shim answers them (401 without a valid token, 403 naming the ability or scope).
import express, { type Router } from "express";
import type { Shop } from "../domain/shop.js";
import { safeError } from "../domain/shared/index.js";
import { nameRequest } from "../metrics.js";
import { errorAnswer } from "../rest/errors.js";
import { requestViewer } from "../rest/request-viewer.js";

export const CATALOGUE_CSV_PATH = "/public/api/admin/catalogue.csv";

export function catalogueExportRoutes(shop: Shop): Router {
  const router = express.Router();
  router.get(CATALOGUE_CSV_PATH, async (req, res) => {
    nameRequest(req, { route: "catalogue-csv" });
    res.setHeader("Cache-Control", "no-store");
    try {
      const file = await shop.catalogueExport.open(await requestViewer(shop, req));
      res.status(200);
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="${file.fileName}"`);
      await file.writeTo(res);
    } catch (error) {
      if (res.headersSent) {
        // Failed part-way (or the caller went away): cut the connection, so nobody takes half a file for the whole.
        if (!res.destroyed) req.log?.error({ err: safeError(error) }, "the catalogue export failed part-way");
        res.destroy();
        return;
      }
      const answer = errorAnswer(error);
      if (answer.status >= 500) req.log?.error({ err: safeError(error) }, "the catalogue export failed");
      res.status(answer.status).json(answer.body);
    }
  });
  return router;
}
