// Text for iCalendar files (events, meet-ups).

/**
 * Text as RFC 5545 allows it in a TEXT value. The `ics` package escapes only CRLF and LF, and a
 * lone CR ends a line for many readers: a description could start a line of its own (a second
 * VEVENT). Every line break becomes LF (escaped as `\n` by the package) and the other control
 * characters, which TEXT forbids, are dropped; a tab stays.
 */
export function calendarSafeText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/(?![\t\n])\p{Cc}/gu, "");
}
