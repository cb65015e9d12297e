import type { Actor } from '../db/audit.ts';

/**
 * The audit actor of a signed-in request: its admin (plugins/authenticate.ts) and its address.
 * Here rather than beside `Actor` in db/audit.ts because routes never import db/ (eslint.config.js).
 */
export function actorOf(request: { admin: { id: string }; ip: string }): Actor {
  return { adminId: request.admin.id, ip: request.ip };
}
