import type { Locale } from '@kontor/contracts';

/**
 * What a route needs (architecture rule 4): declared on every route in `config.access`.
 * - `public`: no token (login, captcha, version, docs)
 * - `user`: any valid session
 * - `staff`: a session of a staff user (type above 100)
 * - a privilege name: the session's effective roles must grant it (admin holds all)
 */
export type Access = 'public' | 'user' | 'staff' | { privilege: string };

/** Who is calling, resolved once per request from the session (never from the request body). */
export interface AuthContext {
  sessionId: number;
  tokenHash: string;
  userId: number;
  account: string;
  name: string;
  type: number;
  /** The merchant the user belongs to (merchant users), else null. */
  merchantId: number | null;
  /** The merchant an admin acts for (spec §6 sub-account), else null. */
  subMerchantId: number | null;
  roles: string[];
  privileges: ReadonlySet<string>;
  isAdmin: boolean;
  printShipment: boolean;
  language: string | null;
  createdAt: Date;
  loginIp: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    locale: Locale;
  }
}

export function describeAccess(access: Access | undefined): string {
  if (!access) return 'undeclared';
  return typeof access === 'string' ? access : `privilege:${access.privilege}`;
}
