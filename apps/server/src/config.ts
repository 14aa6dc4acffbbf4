import { z } from 'zod';

/**
 * The only reader of process.env. Every setting has a default that serves one machine; a bad value
 * stops the start with every problem listed at once. Documented in the README.
 */
const bool = z.enum(['0', '1', 'true', 'false', '']).transform((v) => v === '1' || v === 'true');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: z.string().optional(),
    /** Comma-separated origins allowed to call the API from a browser; the console's own origin is always allowed. */
    ALLOWED_ORIGINS: z.string().default('http://localhost:8080,http://127.0.0.1:8080,http://localhost:9527,http://localhost:5173'),
    /** The console's public address, used in mails (reset links). */
    PUBLIC_URL: z.string().default('http://localhost:8080'),
    /** Fractions (down to 3 s) serve tests of several processes, which cannot share a mocked clock. */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .min(0.05)
      .max(24 * 60)
      .default(40),
    SESSION_MAX_HOURS: z.coerce
      .number()
      .min(0.01)
      .max(24 * 30)
      .default(12),
    /** How often each process checks the sessions of its own sockets (idle and lifetime expiry end them). */
    SOCKET_SWEEP_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
    UPLOAD_MAX_MB: z.coerce.number().min(0.01).max(512).default(10),
    /** Imports (items, orders): rows and cells one file may hold, and how large an XLSX may inflate (zip bombs). */
    IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(200_000),
    IMPORT_MAX_CELLS: z.coerce.number().int().min(1).max(100_000_000).default(5_000_000),
    IMPORT_MAX_INFLATED_MB: z.coerce.number().min(1).max(4096).default(200),
    BODY_LIMIT_KB: z.coerce.number().int().min(1).max(100_000).default(1024),
    CAPTCHA_FIXED: z.string().max(12).optional(),
    CAPTCHA_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(10),
    LOGIN_ACCOUNT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100).default(100),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Kontor <no-reply@kontor.local>'),
    DEMO_DATA: bool.default(true),
    /** The first administrator of a database without one (production: with DEMO_DATA=0). */
    ADMIN_ACCOUNT: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address')
      .optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: bool.default(false),
    JOBS: bool.default(true),
    JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /**
     * How often carrier tracking is polled and delivered orders finish (docs/shipping.md "Tracking"); 0 turns
     * the interval off. Unset: every 5 minutes, every minute with DEMO_DATA (the demo's parcels move by the minute).
     */
    TRACKING_POLL_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
    /** Orders asked about per tracking poll round. */
    TRACKING_POLL_LIMIT: z.coerce.number().int().min(1).max(100_000).default(1000),
    /** How often the end-of-day manifests' cut-off check runs (docs/manifests.md); 0 turns the interval off. */
    MANIFEST_CUTOFF_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
    /** How far a receiving may pass an inbound line's plan before the receiver must confirm (percent). */
    RECEIVING_OVER_TOLERANCE_PERCENT: z.coerce.number().int().min(0).max(1000).default(10),
    /** Order exports of up to this many orders download at once; larger ones run as a background job (issue 7 §6). */
    EXPORT_DIRECT_LIMIT: z.coerce.number().int().min(1).max(100_000).default(5000),
    GIT_COMMIT: z.string().optional(),
    SSO_URL: z.string().optional(),
    CARRIER_GATE_URL: z.string().optional(),
    /**
     * Print agents on other machines of the LAN the console's pages may call (comma-separated addresses,
     * e.g. `http://10.0.0.20:9100`); agents on the station PC itself (localhost, any port) are always allowed.
     */
    PRINT_AGENT_URLS: z
      .string()
      .default('')
      .transform((text) =>
        text
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .refine((urls) => urls.every((url) => URL.canParse(url)), 'must be a comma-separated list of addresses such as http://10.0.0.20:9100'),
    /** GS1 company prefix of the SSCCs on box and pallet labels (7 to 10 digits; the default is a demo number). */
    SSCC_COMPANY_PREFIX: z
      .string()
      .regex(/^[0-9]{7,10}$/, 'must be 7 to 10 digits')
      .default('4012345'),
    /** A font file for label texts beyond Latin-1 (a .ttf, .otf or .ttc; `path#PostScriptName` picks a face of a .ttc). */
    LABEL_FONT_FILE: z.string().optional(),
    /** Most labels one request of the barcode or logistics label tools makes (values or range times copies). */
    LABEL_MAX_PER_REQUEST: z.coerce.number().int().min(1).max(100_000).default(2000),
    /**
     * Base64 of 32 random bytes: the AES-256-GCM key that seals carrier credentials (docs/carriers.md).
     * Unset (npm start, tests): a key file is created once in DATA_DIR (`secret.key`) and used from then on.
     */
    KONTOR_SECRET_KEY: z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be base64 of 32 bytes (openssl rand -base64 32)')
      .optional(),
    /** How long a carrier call may take before it counts as a timeout (the label is then looked up, never bought blindly again). */
    CARRIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
    /**
     * `strict` (the test helpers set it): an answer whose data the route's response schema would change
     * (a key the schema lacks, a wrong type) fails the request, so a schema cannot silently drop a field.
     * `off`: answers are serialised with the schema; a mismatch is logged and sent as the handler built it.
     */
    RESPONSE_CHECK: z.enum(['off', 'strict']).default('off'),
  })
  .superRefine((c, ctx) => {
    if (!!c.ADMIN_ACCOUNT !== !!c.ADMIN_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: [c.ADMIN_ACCOUNT ? 'ADMIN_PASSWORD' : 'ADMIN_ACCOUNT'], message: 'ADMIN_ACCOUNT and ADMIN_PASSWORD go together' });
    }
    if (c.CAPTCHA_FIXED && c.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA_FIXED'], message: 'must not be set when NODE_ENV=production' });
    }
  })
  .transform((c) => ({ ...c, TRACKING_POLL_MS: c.TRACKING_POLL_MS ?? (c.DEMO_DATA ? 60_000 : 300_000) }));

export type Config = z.infer<typeof schema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Test and tooling helper: a full config from a few overrides. */
export function configFor(overrides: Record<string, string | undefined> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: '0', JOBS: '0', ...overrides });
}
