import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';

/** The generated OpenAPI document as JSON, and a browsable copy at /docs. */
export function docsRoutes(document: object): { spec: Router; browser: Router } {
  const spec = Router();
  spec.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  const browser = Router();
  browser.use(swaggerUi.serve, swaggerUi.setup(document, { customSiteTitle: 'Vantage API' }));
  return { spec, browser };
}
