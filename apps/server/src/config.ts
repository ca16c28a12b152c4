import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** apps/server, whether running from src/ (tsx) or from the bundled dist/. */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type RateLimitRule = { max: number; windowMs: number };

/**
 * Failed logins only count (a correct password gives its attempt back). The account is the name
 * tried (an email, or a community username), whether or not it exists.
 */
export type RateLimits = {
  /** Failed logins to one account from one address: stops guessing from there, and only there. */
  loginPerAccountAndIp: RateLimitRule;
  /**
   * Failed logins to one account from every address together: slows guessing spread over many
   * addresses. A device that logged in to the account before (its device cookie) is not held by it.
   */
  loginPerAccount: RateLimitRule;
  /** Failed logins from one device that logged in to the account before, in place of the above. */
  loginPerDevice: RateLimitRule;
  /** Failed logins from one IP to any accounts, generous so a campus behind one address is never locked out. */
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

export type VerificationLimits = {
  /** Code and link checks from one IP; each code also dies after 5 wrong tries. */
  verifyEmailPerIp: RateLimitRule;
  /** Codes mailed for one account (resend, a change of address): stops mail bombing. */
  mailCodePerAccount: RateLimitRule;
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

/** An S3-compatible store for photos (AWS S3, MinIO, R2...); the server streams from it. */
export type S3Settings = {
  bucket: string;
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's usual credential chain (environment, instance role...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Addresses as endpoint/bucket/key (MinIO and most self-hosted stores need it). */
  forcePathStyle: boolean;
};

export const DEFAULT_PHOTO_UPLOADS_PER_ACCOUNT: RateLimitRule = { max: 30, windowMs: 60 * 60_000 };

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
  /** ADMIN_EMAILS: these accounts are admins from sign-up or the next start (lower-cased). */
  adminEmails: string[];
  /** The clock for expiries (codes, grants); tests pass their own. */
  now?: () => Date;
  seedDemo: boolean;
  redisUrl: string | undefined;
  /** Addresses and CIDRs of the reverse proxies whose X-Forwarded-For is believed; false: none. */
  trustProxy: false | string[];
  timeouts: ServerTimeouts;
  /**
   * SHUTDOWN_DRAIN_MS: on SIGTERM, /api/ready answers 503 for this long while every other call is
   * still served, so a load balancer takes the process out before it stops; 0 (unset): stop at once.
   */
  shutdownDrainMs?: number;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  webDistDir: string;
  rateLimits: RateLimits;
  recoveryLimits: RecoveryLimits;
  /** Email verification's limits (modules/verification); defaults when absent. */
  verificationLimits?: VerificationLimits;
  /** Where photos are stored: this S3-compatible bucket; unset: DATA_DIR/photos on disk. */
  s3?: S3Settings;
  /** Photos on disk in this folder instead of DATA_DIR/photos (tests). */
  photoDir?: string;
  /** Photo uploads per account and window. */
  photoUploadsPerAccount?: RateLimitRule;
  /** Chat messages (and edits) one person may send per minute, over every conversation. */
  chatMessagesPerMinute?: number;
  /** How many people each chunk of a viewer's feed ranking adds; unset: 500 (tests go lower). */
  feedRankingChunk?: number;
  /**
   * Makes a person's feed ranking at sign-in, ahead of their first page (decision 134). Unset:
   * on. Tests that pin people's data in SQL behind the app's back turn it off.
   */
  feedRankAhead?: boolean;
  /** Signs community tokens; unset: a secret generated on first start and kept under DATA_DIR. */
  communityJwtSecret?: string;
  /** Posts, groups and events one community member may create per window, each kind apart. */
  communityCreatePerMember?: RateLimitRule;
  /** Submissions of each public form (support, contact, newsletter) from one IP per window. */
  publicFormsPerIp?: RateLimitRule;
  /** The background job worker; unset: DEFAULT_JOBS. */
  jobs?: JobSettings;
  /** Web Push; unset: keys kept under DATA_DIR, public https endpoints only. */
  push?: PushSettings;
  /** How long a notification waits, unread, before an email digest names it; unset: 30 minutes. */
  digestDelayMs?: number;
  /** Pasted photo addresses, which the server fetches once; unset: https to public addresses. */
  photoFetch?: PhotoFetchSettings;
  /** The lower daily limits of accounts younger than NEW_ACCOUNT_DAYS; unset: DEFAULT_NEW_ACCOUNT_LIMITS. */
  newAccountLimits?: NewAccountLimits;
  /** GET /metrics (Prometheus); unset: not served anywhere. */
  metrics?: MetricsSettings;
  /** OpenTelemetry traces over OTLP; unset: nothing of OpenTelemetry is loaded. */
  tracing?: TracingSettings;
  /** The proof of work and the address checks of sign-up and the public forms; unset: DEFAULT_BOT_CHECK. */
  botCheck?: BotCheckSettings;
};

export type BotCheckSettings = {
  /** ALTCHA_HMAC_KEY signs the challenges; unset: derived from the server's secret (COMMUNITY_JWT_SECRET or the one under DATA_DIR). */
  hmacKey?: string;
  /** ALTCHA_MAX_NUMBER: a challenge's work, the highest counter a browser may have to try. */
  maxNumber: number;
  /** BLOCK_DISPOSABLE_EMAIL: sign-ups at throwaway mail domains are refused. */
  blockDisposableEmail: boolean;
  /** Challenges one IP may ask for per window. */
  challengesPerIp: RateLimitRule;
};

export const DEFAULT_BOT_CHECK: BotCheckSettings = {
  maxNumber: 100_000,
  blockDisposableEmail: true,
  challengesPerIp: { max: 300, windowMs: 15 * 60_000 },
};

export type MetricsSettings = {
  /** GET /metrics on the app's own port answers only with `Authorization: Bearer <token>`. */
  token?: string;
  /** A listener of its own serving /metrics without a token (0: any free port, in tests). */
  port?: number;
  /** Where that listener binds. */
  host: string;
};

export type TracingSettings = {
  /** The OTLP/HTTP base address; spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  /** `service.name` on every span. */
  serviceName: string;
};

export const DEFAULT_METRICS_HOST = "127.0.0.1";

/**
 * What an account younger than NEW_ACCOUNT_DAYS may do per day (the UTC day), counted in the
 * database. Older accounts have no daily limit on either.
 */
export type NewAccountLimits = {
  /** Interested requests (swipes) sent. */
  interestedPerDay: number;
  /** First messages: messages in a conversation the sender had not written in before. */
  firstMessagesPerDay: number;
};

export const DEFAULT_NEW_ACCOUNT_LIMITS: NewAccountLimits = {
  interestedPerDay: 20,
  firstMessagesPerDay: 10,
};

export type PhotoFetchSettings = {
  /** Local testing only: http and private addresses (127.0.0.1, 10.x...) may be fetched. */
  allowPrivateAddresses: boolean;
  /** The whole fetch, redirects included; unset: 10 s. */
  timeoutMs?: number;
};

export type JobSettings = {
  /** How often each process looks for due jobs (and at once when a slot frees while more wait). */
  pollIntervalMs: number;
  /** A claimed job is someone else's to claim again after this (its worker died). */
  leaseMs: number;
  /** Runs of a failing job before it is dropped with a log line. */
  maxAttempts: number;
  /** The first retry's delay; each next one doubles, with jitter, up to an hour. */
  retryBaseMs: number;
  /** Jobs of one kind one process runs at once: each kind has its own slots, so none waits on another. */
  batchSize: number;
  /** Another number of slots for some kinds (`push`: many, they mostly wait on the network). */
  concurrency?: Record<string, number>;
  /** Jobs of one group (one person's pushes) running at once, over all processes; unset: 4. */
  perGroup?: number;
};

export const DEFAULT_JOBS: JobSettings = {
  pollIntervalMs: 1_000,
  leaseMs: 60_000,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  batchSize: 10,
  // Pushes mostly wait on the network; a feed ranking is CPU work beside the pages.
  concurrency: { push: 32, feed_ranking: 2 },
  perGroup: 4,
};

export type PushSettings = {
  /** VAPID key pair (base64url, as web-push makes them); unset: generated and kept under DATA_DIR. */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  /** The VAPID `sub` claim: a mailto: or https: address the push services can reach us at. */
  vapidSubject?: string;
  /** Local testing only: http endpoints and private addresses are allowed. */
  allowPrivateEndpoints?: boolean;
  /** One send's limit: a push service silent for longer is a failure of that endpoint; unset: 10 s. */
  sendTimeoutMs?: number;
  /** Failed sends in a row after which an endpoint's subscription is deleted; unset: 8. */
  maxEndpointFailures?: number;
};

export const DEFAULT_DIGEST_DELAY_MINUTES = 30;

export class ConfigError extends Error {
  override name = "ConfigError";
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerAccountAndIp: { max: 10, windowMs: 15 * MINUTE },
  loginPerAccount: { max: 100, windowMs: 15 * MINUTE },
  loginPerDevice: { max: 10, windowMs: 15 * MINUTE },
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

export const DEFAULT_VERIFICATION_LIMITS: VerificationLimits = {
  verifyEmailPerIp: { max: 300, windowMs: 30 * MINUTE },
  mailCodePerAccount: { max: 3, windowMs: 10 * MINUTE },
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
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((text) =>
      (text ?? "")
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.email({ error: "ADMIN_EMAILS must list email addresses separated by commas" })),
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
  SHUTDOWN_DRAIN_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: "SHUTDOWN_DRAIN_MS must be a whole number" })
      .int("SHUTDOWN_DRAIN_MS must be a whole number")
      .min(0, "SHUTDOWN_DRAIN_MS must be 0 or more")
      .max(120_000, "SHUTDOWN_DRAIN_MS must be at most 120000 (two minutes)")
      .optional(),
  ),
  RATE_LIMIT_LOGIN_PER_EMAIL: z.preprocess(
    emptyAsUndefined,
    z
      .undefined({
        error:
          "RATE_LIMIT_LOGIN_PER_EMAIL is no longer read: failed logins are limited per account and address (RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP) under a per-account ceiling (RATE_LIMIT_LOGIN_PER_ACCOUNT); set those instead",
      })
      .optional(),
  ),
  RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: positiveInt("RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP"),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: positiveInt("RATE_LIMIT_LOGIN_PER_ACCOUNT"),
  RATE_LIMIT_LOGIN_PER_DEVICE: positiveInt("RATE_LIMIT_LOGIN_PER_DEVICE"),
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
  JOBS_POLL_INTERVAL_MS: positiveInt("JOBS_POLL_INTERVAL_MS"),
  JOBS_LEASE_MS: positiveInt("JOBS_LEASE_MS"),
  JOBS_MAX_ATTEMPTS: positiveInt("JOBS_MAX_ATTEMPTS"),
  JOBS_CONCURRENCY: positiveInt("JOBS_CONCURRENCY"),
  JOBS_PER_GROUP: positiveInt("JOBS_PER_GROUP"),
  PUSH_CONCURRENCY: positiveInt("PUSH_CONCURRENCY"),
  PUSH_SEND_TIMEOUT_MS: positiveInt("PUSH_SEND_TIMEOUT_MS"),
  PUSH_MAX_FAILURES: positiveInt("PUSH_MAX_FAILURES"),
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "VAPID_PUBLIC_KEY must be a base64url P-256 public key")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "VAPID_PRIVATE_KEY must be a base64url P-256 private key")
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, "VAPID_SUBJECT must be a mailto: or https:// address")
      .optional(),
  ),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: booleanFlag("PUSH_ALLOW_PRIVATE_ENDPOINTS"),
  PHOTO_FETCH_ALLOW_PRIVATE_ADDRESSES: booleanFlag("PHOTO_FETCH_ALLOW_PRIVATE_ADDRESSES"),
  NOTIFICATION_DIGEST_DELAY_MINUTES: positiveInt("NOTIFICATION_DIGEST_DELAY_MINUTES"),
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots or hyphens)",
      )
      .optional(),
  ),
  S3_ENDPOINT: urlWithProtocols("S3_ENDPOINT", ["http:", "https:"]),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default("us-east-1")),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: booleanFlag("S3_FORCE_PATH_STYLE"),
  RATE_LIMIT_PHOTO_UPLOADS_PER_HOUR: positiveInt("RATE_LIMIT_PHOTO_UPLOADS_PER_HOUR"),
  RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE: positiveInt("RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE"),
  NEW_ACCOUNT_DAILY_INTERESTED: positiveInt("NEW_ACCOUNT_DAILY_INTERESTED"),
  NEW_ACCOUNT_DAILY_FIRST_MESSAGES: positiveInt("NEW_ACCOUNT_DAILY_FIRST_MESSAGES"),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .min(16, "METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 32)")
      .regex(/^\S+$/, "METRICS_TOKEN must not contain spaces")
      .optional(),
  ),
  METRICS_PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: "METRICS_PORT must be a whole number from 1 to 65535" })
      .int("METRICS_PORT must be a whole number from 1 to 65535")
      .min(1, "METRICS_PORT must be a whole number from 1 to 65535")
      .max(65535, "METRICS_PORT must be a whole number from 1 to 65535")
      .optional(),
  ),
  METRICS_HOST: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_METRICS_HOST)),
  OTEL_EXPORTER_OTLP_ENDPOINT: urlWithProtocols("OTEL_EXPORTER_OTLP_ENDPOINT", ["http:", "https:"]),
  OTEL_SERVICE_NAME: z.preprocess(emptyAsUndefined, z.string().default("kindred")),
  ALTCHA_HMAC_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, "ALTCHA_HMAC_KEY must be at least 32 characters").optional(),
  ),
  ALTCHA_MAX_NUMBER: positiveInt("ALTCHA_MAX_NUMBER"),
  BLOCK_DISPOSABLE_EMAIL: booleanFlag("BLOCK_DISPOSABLE_EMAIL"),
  RATE_LIMIT_ALTCHA_PER_IP: positiveInt("RATE_LIMIT_ALTCHA_PER_IP"),
});

function readMetrics(e: z.output<typeof envSchema>): MetricsSettings | undefined {
  if (e.METRICS_TOKEN === undefined && e.METRICS_PORT === undefined) return undefined;
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      `METRICS_PORT (${e.METRICS_PORT}) must differ from PORT: it serves /metrics without a token`,
    );
  }
  return { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST };
}

function readS3(e: z.output<typeof envSchema>): S3Settings | undefined {
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK's usual credentials",
    );
  }
  if (e.S3_BUCKET === undefined) {
    if (e.S3_ENDPOINT !== undefined || e.S3_ACCESS_KEY_ID !== undefined) {
      throw new ConfigError(
        "S3_BUCKET is not set: set it to store photos in S3, or remove the other S3_ settings to keep them in DATA_DIR/photos",
      );
    }
    return undefined;
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    // A custom endpoint is most often MinIO or another self-hosted store, which wants path style.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
  };
}

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

function readRateLimits(e: z.output<typeof envSchema>): RateLimits {
  const limits: RateLimits = {
    loginPerAccountAndIp: {
      ...DEFAULT_RATE_LIMITS.loginPerAccountAndIp,
      max: e.RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP ?? DEFAULT_RATE_LIMITS.loginPerAccountAndIp.max,
    },
    loginPerAccount: {
      ...DEFAULT_RATE_LIMITS.loginPerAccount,
      max: e.RATE_LIMIT_LOGIN_PER_ACCOUNT ?? DEFAULT_RATE_LIMITS.loginPerAccount.max,
    },
    loginPerDevice: {
      ...DEFAULT_RATE_LIMITS.loginPerDevice,
      max: e.RATE_LIMIT_LOGIN_PER_DEVICE ?? DEFAULT_RATE_LIMITS.loginPerDevice.max,
    },
    loginPerIp: {
      ...DEFAULT_RATE_LIMITS.loginPerIp,
      max: e.RATE_LIMIT_LOGIN_PER_IP ?? DEFAULT_RATE_LIMITS.loginPerIp.max,
    },
    signupPerIp: {
      ...DEFAULT_RATE_LIMITS.signupPerIp,
      max: e.RATE_LIMIT_SIGNUP_PER_IP ?? DEFAULT_RATE_LIMITS.signupPerIp.max,
    },
  };
  if (limits.loginPerAccount.max < limits.loginPerAccountAndIp.max) {
    throw new ConfigError(
      `RATE_LIMIT_LOGIN_PER_ACCOUNT (${limits.loginPerAccount.max}) must be at least RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP (${limits.loginPerAccountAndIp.max}): it is the ceiling over every address`,
    );
  }
  return limits;
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
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (npx web-push generate-vapid-keys) or neither",
    );
  }
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
    adminEmails: e.ADMIN_EMAILS,
    // Demo people only where a newcomer tries the app: the embedded database, unless asked for.
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    redisUrl: e.REDIS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    timeouts: readTimeouts(e),
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? 0,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverRoot, "../web/dist")),
    rateLimits: readRateLimits(e),
    communityJwtSecret: e.COMMUNITY_JWT_SECRET,
    jobs: {
      ...DEFAULT_JOBS,
      pollIntervalMs: e.JOBS_POLL_INTERVAL_MS ?? DEFAULT_JOBS.pollIntervalMs,
      leaseMs: e.JOBS_LEASE_MS ?? DEFAULT_JOBS.leaseMs,
      maxAttempts: e.JOBS_MAX_ATTEMPTS ?? DEFAULT_JOBS.maxAttempts,
      batchSize: e.JOBS_CONCURRENCY ?? DEFAULT_JOBS.batchSize,
      concurrency: {
        ...DEFAULT_JOBS.concurrency,
        ...(e.PUSH_CONCURRENCY && { push: e.PUSH_CONCURRENCY }),
      },
      perGroup: e.JOBS_PER_GROUP ?? DEFAULT_JOBS.perGroup,
    },
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT,
      allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS ?? false,
      sendTimeoutMs: e.PUSH_SEND_TIMEOUT_MS,
      maxEndpointFailures: e.PUSH_MAX_FAILURES,
    },
    photoFetch: { allowPrivateAddresses: e.PHOTO_FETCH_ALLOW_PRIVATE_ADDRESSES ?? false },
    s3: readS3(e),
    chatMessagesPerMinute: e.RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE,
    photoUploadsPerAccount: {
      ...DEFAULT_PHOTO_UPLOADS_PER_ACCOUNT,
      max: e.RATE_LIMIT_PHOTO_UPLOADS_PER_HOUR ?? DEFAULT_PHOTO_UPLOADS_PER_ACCOUNT.max,
    },
    digestDelayMs: (e.NOTIFICATION_DIGEST_DELAY_MINUTES ?? DEFAULT_DIGEST_DELAY_MINUTES) * MINUTE,
    communityCreatePerMember: {
      ...DEFAULT_COMMUNITY_CREATE_PER_MEMBER,
      max: e.RATE_LIMIT_COMMUNITY_CREATE_PER_MINUTE ?? DEFAULT_COMMUNITY_CREATE_PER_MEMBER.max,
    },
    newAccountLimits: {
      interestedPerDay:
        e.NEW_ACCOUNT_DAILY_INTERESTED ?? DEFAULT_NEW_ACCOUNT_LIMITS.interestedPerDay,
      firstMessagesPerDay:
        e.NEW_ACCOUNT_DAILY_FIRST_MESSAGES ?? DEFAULT_NEW_ACCOUNT_LIMITS.firstMessagesPerDay,
    },
    metrics: readMetrics(e),
    botCheck: {
      hmacKey: e.ALTCHA_HMAC_KEY,
      maxNumber: e.ALTCHA_MAX_NUMBER ?? DEFAULT_BOT_CHECK.maxNumber,
      blockDisposableEmail: e.BLOCK_DISPOSABLE_EMAIL ?? DEFAULT_BOT_CHECK.blockDisposableEmail,
      challengesPerIp: {
        ...DEFAULT_BOT_CHECK.challengesPerIp,
        max: e.RATE_LIMIT_ALTCHA_PER_IP ?? DEFAULT_BOT_CHECK.challengesPerIp.max,
      },
    },
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : undefined,
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
