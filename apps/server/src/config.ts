import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** apps/server, whether running from src/ (tsx) or from the bundled dist/. */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type RateLimitRule = { max: number; windowMs: number };

export type RateLimits = {
  /** Login attempts for one email address, from anywhere: stops password guessing. */
  loginPerEmail: RateLimitRule;
  /** Login attempts from one IP, generous so a campus behind one address is never locked out. */
  loginPerIp: RateLimitRule;
  /** Sign-ups from one IP: stops account spam, leaves room for a class signing up together. */
  signupPerIp: RateLimitRule;
};

export type RecoveryLimits = {
  /** Recovery codes asked for one email: stops mail bombing and bounds code guessing. */
  forgotPasswordPerEmail: RateLimitRule;
  /** Recovery codes asked from one IP, generous for the same campus reason as login. */
  forgotPasswordPerIp: RateLimitRule;
  /** Code checks from one IP; each code also dies after 5 wrong tries whatever the IP. */
  verifyCodePerIp: RateLimitRule;
};

export type ServerTimeouts = {
  /** The whole request, headers and body, must arrive within this. */
  requestMs: number;
  /** The request headers must arrive within this. */
  headersMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** A connection on which nothing moves (a client that stops reading, say) is closed after this. */
  socketIdleMs: number;
};

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicOrigin: string;
  smtpUrl: string | undefined;
  /** Sender of every mail, e.g. `Kindred <no-reply@kindred.app>`. */
  mailFrom: string;
  /** Where mail goes when SMTP_URL is unset: one JSON file per message. */
  outboxDir: string;
  /** Address that receives reports and support tickets. */
  supportEmail: string;
  /** The clock for expiries (codes, grants); tests pass their own. */
  now?: () => Date;
  seedDemo: boolean;
  redisUrl: string | undefined;
  /** Addresses and CIDRs of the reverse proxies whose X-Forwarded-For is believed; false: none. */
  trustProxy: false | string[];
  timeouts: ServerTimeouts;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  webDistDir: string;
  rateLimits: RateLimits;
  recoveryLimits: RecoveryLimits;
  /** Signs community tokens; unset: a secret generated on first start and kept under DATA_DIR. */
  communityJwtSecret?: string;
  /** Posts, groups and events one community member may create per window, each kind apart. */
  communityCreatePerMember?: RateLimitRule;
  /** Submissions of each public form (support, contact, newsletter) from one IP per window. */
  publicFormsPerIp?: RateLimitRule;
  /** The feed queue's batch size and times; unset: DEFAULT_FEED_QUEUE. */
  feedQueue?: FeedQueueSettings;
};

export type FeedQueueSettings = {
  /** About how many people one batch adds to a viewer's queue. */
  batchSize: number;
  /**
   * The first batch of a ranking (a new queue, or one rebuilt on opening Discover), which the
   * viewer waits for: smaller, so the first page answers sooner. Unset: batchSize.
   */
  firstBatchSize?: number;
  /** A ranking older than this is rebuilt when the feed is opened from its first page. */
  ttlMs: number;
  /** Once everyone has been queued, how often a page at the end looks for newcomers. */
  recheckMs: number;
};

export const DEFAULT_FEED_QUEUE: FeedQueueSettings = {
  batchSize: 300,
  firstBatchSize: 50,
  ttlMs: 15 * 60_000,
  recheckMs: 30_000,
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerEmail: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 300, windowMs: 15 * MINUTE },
  signupPerIp: { max: 200, windowMs: 60 * MINUTE },
};

export const DEFAULT_COMMUNITY_CREATE_PER_MEMBER: RateLimitRule = { max: 5, windowMs: MINUTE };

export const DEFAULT_PUBLIC_FORMS_PER_IP: RateLimitRule = { max: 20, windowMs: 60 * MINUTE };

export const DEFAULT_RECOVERY_LIMITS: RecoveryLimits = {
  forgotPasswordPerEmail: { max: 5, windowMs: 30 * MINUTE },
  forgotPasswordPerIp: { max: 100, windowMs: 30 * MINUTE },
  verifyCodePerIp: { max: 300, windowMs: 30 * MINUTE },
};

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 72_000,
  socketIdleMs: 120_000,
};

const emptyAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const booleanFlag = (name: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .enum(["true", "false", "1", "0", "yes", "no"], {
        error: `${name} must be true or false`,
      })
      .optional()
      .transform((value) =>
        value === undefined ? undefined : ["true", "1", "yes"].includes(value.toLowerCase()),
      ),
  );

const positiveInt = (name: string) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: `${name} must be a whole number` })
      .int(`${name} must be a whole number`)
      .min(1, `${name} must be at least 1`)
      .optional(),
  );

const urlWithProtocols = (name: string, protocols: string[]) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
      )
      .optional(),
  );

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z
      .enum(["development", "production", "test"], {
        error: "NODE_ENV must be development, production or test",
      })
      .default("production"),
  ),
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: "PORT must be a whole number from 0 to 65535" })
      .int("PORT must be a whole number from 0 to 65535")
      .min(0, "PORT must be a whole number from 0 to 65535")
      .max(65535, "PORT must be a whole number from 0 to 65535")
      .default(7777),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().default("0.0.0.0")),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default("./data")),
  DATABASE_URL: urlWithProtocols("DATABASE_URL", ["postgres:", "postgresql:"]),
  PUBLIC_ORIGIN: urlWithProtocols("PUBLIC_ORIGIN", ["http:", "https:"]),
  SMTP_URL: urlWithProtocols("SMTP_URL", ["smtp:", "smtps:"]),
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .max(320, "MAIL_FROM is too long")
      .regex(
        /^[^\r\n]*@[^\r\n]*$/,
        "MAIL_FROM must hold an email address, e.g. Kindred <no-reply@example.com>",
      )
      .default("Kindred <no-reply@kindred.app>"),
  ),
  SUPPORT_EMAIL: z.preprocess(
    emptyAsUndefined,
    z.email({ error: "SUPPORT_EMAIL must be an email address" }).default("support@kindred.app"),
  ),
  SEED_DEMO: booleanFlag("SEED_DEMO"),
  REDIS_URL: urlWithProtocols("REDIS_URL", ["redis:", "rediss:"]),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
  ),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  REQUEST_TIMEOUT_MS: positiveInt("REQUEST_TIMEOUT_MS"),
  HEADERS_TIMEOUT_MS: positiveInt("HEADERS_TIMEOUT_MS"),
  KEEP_ALIVE_TIMEOUT_MS: positiveInt("KEEP_ALIVE_TIMEOUT_MS"),
  SOCKET_IDLE_TIMEOUT_MS: positiveInt("SOCKET_IDLE_TIMEOUT_MS"),
  RATE_LIMIT_LOGIN_PER_EMAIL: positiveInt("RATE_LIMIT_LOGIN_PER_EMAIL"),
  RATE_LIMIT_LOGIN_PER_IP: positiveInt("RATE_LIMIT_LOGIN_PER_IP"),
  RATE_LIMIT_SIGNUP_PER_IP: positiveInt("RATE_LIMIT_SIGNUP_PER_IP"),
  RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL: positiveInt("RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL"),
  RATE_LIMIT_FORGOT_PASSWORD_PER_IP: positiveInt("RATE_LIMIT_FORGOT_PASSWORD_PER_IP"),
  RATE_LIMIT_VERIFY_CODE_PER_IP: positiveInt("RATE_LIMIT_VERIFY_CODE_PER_IP"),
  RATE_LIMIT_COMMUNITY_CREATE_PER_MINUTE: positiveInt("RATE_LIMIT_COMMUNITY_CREATE_PER_MINUTE"),
  COMMUNITY_JWT_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, "COMMUNITY_JWT_SECRET must be at least 32 characters").optional(),
  ),
});

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** Names proxy-addr knows for whole private ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  if (rest.length > 0) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (version === 4 && IPV4.test(prefix)) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (version === 4 ? 32 : 128);
}

/**
 * The addresses/CIDRs of trusted proxies (comma separated). `true` and hop counts are refused:
 * with them a client can put any address at the left of X-Forwarded-For and dodge per-IP limits.
 */
function parseTrustProxy(value: string | undefined): false | string[] {
  if (value === undefined) return false;
  const text = value.trim();
  if (/^(false|no|0)$/i.test(text)) return false;
  if (/^(true|yes|\d+)$/i.test(text)) {
    throw new ConfigError(
      `TRUST_PROXY must list the addresses or CIDRs of your reverse proxies (e.g. 127.0.0.1,10.0.0.0/8), not "${text}": trusting every hop or a hop count lets any client choose its own address`,
    );
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY: "${bad}" is not an IP address or CIDR (e.g. 127.0.0.1,10.0.0.0/8)`,
    );
  }
  return entries;
}

function readTimeouts(e: z.output<typeof envSchema>): ServerTimeouts {
  const timeouts: ServerTimeouts = {
    requestMs: e.REQUEST_TIMEOUT_MS ?? DEFAULT_TIMEOUTS.requestMs,
    headersMs: e.HEADERS_TIMEOUT_MS ?? DEFAULT_TIMEOUTS.headersMs,
    keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS ?? DEFAULT_TIMEOUTS.keepAliveMs,
    socketIdleMs: e.SOCKET_IDLE_TIMEOUT_MS ?? DEFAULT_TIMEOUTS.socketIdleMs,
  };
  // Node refuses a headers timeout longer than the request timeout.
  if (timeouts.headersMs > timeouts.requestMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${timeouts.headersMs}) must not exceed REQUEST_TIMEOUT_MS (${timeouts.requestMs})`,
    );
  }
  return timeouts;
}

/** Reads the configuration from the environment; throws a ConfigError naming the first bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path[0];
    const message = issue?.message ?? "unknown problem";
    throw new ConfigError(
      message.startsWith(String(name)) ? message : `${String(name)}: ${message}`,
    );
  }
  const e = parsed.data;
  const publicOrigin = new URL(e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).origin;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicOrigin,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(dataDir, "outbox"),
    supportEmail: e.SUPPORT_EMAIL,
    // Demo people only where a newcomer tries the app: the embedded database, unless asked for.
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    redisUrl: e.REDIS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    timeouts: readTimeouts(e),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverRoot, "../web/dist")),
    rateLimits: {
      loginPerEmail: {
        ...DEFAULT_RATE_LIMITS.loginPerEmail,
        max: e.RATE_LIMIT_LOGIN_PER_EMAIL ?? DEFAULT_RATE_LIMITS.loginPerEmail.max,
      },
      loginPerIp: {
        ...DEFAULT_RATE_LIMITS.loginPerIp,
        max: e.RATE_LIMIT_LOGIN_PER_IP ?? DEFAULT_RATE_LIMITS.loginPerIp.max,
      },
      signupPerIp: {
        ...DEFAULT_RATE_LIMITS.signupPerIp,
        max: e.RATE_LIMIT_SIGNUP_PER_IP ?? DEFAULT_RATE_LIMITS.signupPerIp.max,
      },
    },
    communityJwtSecret: e.COMMUNITY_JWT_SECRET,
    communityCreatePerMember: {
      ...DEFAULT_COMMUNITY_CREATE_PER_MEMBER,
      max: e.RATE_LIMIT_COMMUNITY_CREATE_PER_MINUTE ?? DEFAULT_COMMUNITY_CREATE_PER_MEMBER.max,
    },
    recoveryLimits: {
      forgotPasswordPerEmail: {
        ...DEFAULT_RECOVERY_LIMITS.forgotPasswordPerEmail,
        max:
          e.RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL ??
          DEFAULT_RECOVERY_LIMITS.forgotPasswordPerEmail.max,
      },
      forgotPasswordPerIp: {
        ...DEFAULT_RECOVERY_LIMITS.forgotPasswordPerIp,
        max: e.RATE_LIMIT_FORGOT_PASSWORD_PER_IP ?? DEFAULT_RECOVERY_LIMITS.forgotPasswordPerIp.max,
      },
      verifyCodePerIp: {
        ...DEFAULT_RECOVERY_LIMITS.verifyCodePerIp,
        max: e.RATE_LIMIT_VERIFY_CODE_PER_IP ?? DEFAULT_RECOVERY_LIMITS.verifyCodePerIp.max,
      },
    },
  };
}
