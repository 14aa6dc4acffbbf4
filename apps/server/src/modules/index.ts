import type { FastifyInstance } from 'fastify';
import type { Core } from '../core.js';
import { registerAdminRoutes } from './admin/admin.routes.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { registerCarrierRoutes } from './carriers/carriers.routes.js';
import { registerFileRoutes } from './files/files.routes.js';
import { registerInboundRoutes } from './inbound/inbound.routes.js';
import { registerInventoryRoutes } from './inventory/inventory.routes.js';
import { registerLabelRoutes } from './labels/labels.routes.js';
import { registerJobRoutes } from './jobs/jobs.routes.js';
import { registerMailRoutes } from './mail/mail.routes.js';
import { registerMaskRoutes } from './masks/masks.routes.js';
import { registerOauthRoutes } from './oauth/oauth.routes.js';
import { registerOutboundRoutes } from './outbound/outbound.routes.js';
import { registerOutboundIoRoutes } from './outbound-io/outbound-io.routes.js';
import { RESOURCES } from './resources/catalogue.js';
import { registerReturnRoutes } from './returns/returns.routes.js';
import { registerResourceExport } from './resources/resource-export.js';
import { registerResource } from './resources/resource.routes.js';
import { registerSettingsRoutes } from './settings/settings.routes.js';
import { registerSystemRoutes } from './system/system.routes.js';
import { registerTicketRoutes } from './tickets/tickets.routes.js';
import { registerPrintingRoutes } from './printing/printing.routes.js';

/** Every module's routes, registered in one place. */
export async function registerModules(app: FastifyInstance, core: Core): Promise<void> {
  registerSystemRoutes(app, core);
  registerAuthRoutes(app, core);
  registerAdminRoutes(app, core);
  registerFileRoutes(app, core);
  registerJobRoutes(app, core);
  registerMailRoutes(app, core);
  registerSettingsRoutes(app, core);
  registerOauthRoutes(app, core);
  registerInventoryRoutes(app, core);
  registerInboundRoutes(app, core);
  registerReturnRoutes(app, core);
  registerOutboundRoutes(app, core);
  registerOutboundIoRoutes(app, core);
  registerTicketRoutes(app, core);
  registerCarrierRoutes(app, core);
  registerLabelRoutes(app, core);
  registerPrintingRoutes(app, core);
  await registerMaskRoutes(app, core).syncShipped();
  registerResourceExport(core, new Map(RESOURCES.map((def) => [def.name, registerResource(app, core, def)])));
}
