import { dirOf, isLocale, LOCALE_COOKIE, type Locale, resolveLocale } from "@kindred/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import * as z from "zod";
import { translateMessage } from "../i18n/messages.ts";
import { findSessionLocale } from "../modules/sessions/repository.ts";
import { hashSessionId, SESSION_COOKIE } from "./session.ts";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The language the request is answered in: the signed-in person's stored choice (set by
     * `authenticate`), else the `lang` cookie, else `Accept-Language`, else English.
     */
    readonly locale: Locale;
    /** The signed-in person's stored choice, once `authenticate` has read it; null: none. */
    storedLocale: Locale | null;
  }
}

/** The request's language before any stored choice: the `lang` cookie, then Accept-Language. */
function unsignedLocale(request: FastifyRequest): Locale {
  // Read before the cookie plugin runs too (a refusal from an earlier hook).
  const cookies = request.cookies as Record<string, string | undefined> | undefined;
  const header = request.headers["accept-language"];
  return resolveLocale(typeof header === "string" ? header : undefined, cookies?.[LOCALE_COOKIE]);
}

/** Records the stored choice read with the session (users.locale); anything else is ignored. */
export function setStoredLocale(request: FastifyRequest, locale: string | null | undefined): void {
  if (isLocale(locale)) request.storedLocale = locale;
}

/**
 * A page request's language, with the stored choice of a signed-in person (one lookup, only
 * when a session cookie is sent): what `<html lang dir>` says.
 */
export async function pageLocale(request: FastifyRequest): Promise<Locale> {
  const sessionId = request.cookies[SESSION_COOKIE];
  if (sessionId && !request.storedLocale) {
    try {
      const stored = await findSessionLocale(
        request.server.db,
        hashSessionId(sessionId),
        request.server.now(),
      );
      setStoredLocale(request, stored);
    } catch {
      // The database cannot answer: the page still loads, in the cookie's or browser's language.
    }
  }
  return request.locale;
}

/** `<html lang dir>` of a page for a language; the rest of the page is left as it is. */
export function withLang(html: string, locale: Locale): string {
  return html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    // The page's other attributes (its theme) stay; `data-lang-from` tells the app the server chose.
    const others = attributes.replace(/\s(?:lang|dir|data-lang-from)="[^"]*"/g, "");
    return `<html lang="${locale}" dir="${dirOf(locale)}" data-lang-from="server"${others}>`;
  });
}

/** Zod's own messages in each language other than English, from zod's locales. */
const ZOD_ERROR_MAPS: Record<Exclude<Locale, "en">, z.core.$ZodErrorMap> = {
  es: z.locales.es().localeError,
  ar: z.locales.ar().localeError,
};

/**
 * The error map that says zod's default messages (those of a schema naming no message of its own)
 * in the language; null for English, whose defaults are zod's as they are.
 */
export function zodErrorMap(locale: Locale): z.core.$ZodErrorMap | null {
  return locale === "en" ? null : ZOD_ERROR_MAPS[locale];
}

type Envelope = { message?: unknown; errors?: unknown };

/**
 * An answer with its `message` and each field error's `message` in the language: a new object,
 * since a route may answer with a constant it shares with other requests.
 */
function translateEnvelope(payload: Envelope, locale: Locale): Envelope {
  const translated: Envelope = { ...payload };
  if (typeof payload.message === "string") {
    translated.message = translateMessage(payload.message, locale);
  }
  if (Array.isArray(payload.errors)) {
    translated.errors = (payload.errors as unknown[]).map((error) => {
      const field = error as Envelope | null;
      return field && typeof field.message === "string"
        ? { ...field, message: translateMessage(field.message, locale) }
        : error;
    });
  }
  return translated;
}

/**
 * `request.locale`, and the API's messages in it: every JSON answer's `message` (and each field
 * error's) is looked up in the language's catalogue, keyed by the English text, just before it
 * is serialized. English answers are left untouched.
 */
export const localePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("storedLocale", null);
    app.decorateRequest("locale", {
      getter(this: FastifyRequest): Locale {
        return this.storedLocale ?? unsignedLocale(this);
      },
    });
    app.addHook("preSerialization", async (request, _reply, payload: unknown) => {
      if (payload === null || typeof payload !== "object" || Array.isArray(payload)) return payload;
      const locale = request.locale;
      return locale === "en" ? payload : translateEnvelope(payload as Envelope, locale);
    });
  },
  { name: "locale" },
);
