import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

/**
 * The English texts the server and the shared package can answer with, found in their source:
 * a message passed to HttpError / RetryLaterError / errorBody, a `message:` in an envelope or a
 * field error, the values of the *_MESSAGE(S) constants and message functions, and the messages
 * given to zod checks in the shared schemas (`.min(n, "…")`, `{ error: "…" }`). A template
 * literal becomes a template with `{name}` placeholders, named after what it interpolates.
 * Used by the catalogue test, so a new message cannot ship without its translations.
 */
export function scanMessages(roots: string[]): Set<string> {
  const found = new Set<string>();
  const files = roots.flatMap(sourceFiles).filter((file) => !OPERATOR_FILES.test(file));
  const sources = files.map((file) =>
    ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true),
  );
  const labelled = labelFunctions(sources);
  for (const source of sources) scanFile(source, found, labelled);
  return found;
}

/** The command-line tools' texts are for the operator's terminal, not for a person's answer. */
const OPERATOR_FILES =
  /[\\/]src[\\/](admin|admin-command|backup|backup-command|restore|server|config)\.ts$|[\\/]admin-socket\.ts$/;

/**
 * Functions taking a field's `label` (noNulMessage, optionalHttpUrl, …) and its position: the
 * labels given to them are put into messages, so they are translated too.
 */
function labelFunctions(sources: ts.SourceFile[]): Map<string, number> {
  const found = new Map<string, number>();
  const note = (name: string, parameters: ts.NodeArray<ts.ParameterDeclaration>) => {
    const index = parameters.findIndex(
      (parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === "label",
    );
    if (index >= 0) found.set(name, index);
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name) note(node.name.text, node.parameters);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      note(node.name.text, node.initializer.parameters);
    }
    ts.forEachChild(node, visit);
  };
  for (const source of sources) visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files;
}

const ZOD_CHECKS = new Set([
  "min",
  "max",
  "length",
  "regex",
  "refine",
  "int",
  "positive",
  "nonnegative",
  "nonempty",
  "gte",
  "lte",
  "gt",
  "lt",
  "email",
  "url",
  "uuid",
  "startsWith",
  "endsWith",
  "includes",
  "multipleOf",
]);
const MESSAGE_NAME = /messages?$/i;

/** The last identifier of an interpolated expression: `${MODERATION_MESSAGES.x}` → `x`. */
function placeholderName(expression: ts.Expression): string {
  const text = expression.getText().replace(/\(.*\)$/s, "");
  const parts = text.split(/[^A-Za-z0-9_]+/).filter(Boolean);
  return parts.at(-1) ?? "value";
}

/** Words a template puts in by a condition (`${n === 1 ? "minute" : "minutes"}`). */
let spanWords: string[] = [];

/** A string or template literal as a catalogue key; null for anything else. */
export function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    const used = new Map<string, number>();
    for (const span of node.templateSpans) {
      let name = placeholderName(span.expression);
      const count = (used.get(name) ?? 0) + 1;
      used.set(name, count);
      if (count > 1) name = `${name}${count}`;
      text += `{${name}}${span.literal.text}`;
      if (ts.isConditionalExpression(span.expression)) {
        spanWords.push(...valueTexts(span.expression));
      }
    }
    return text;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = literalText(node.left);
    const right = literalText(node.right);
    return left !== null && right !== null ? left + right : null;
  }
  if (ts.isConditionalExpression(node)) return null;
  return null;
}

/** The texts a value can be: a literal, both sides of a conditional, an arrow's result. */
function valueTexts(node: ts.Node | undefined): string[] {
  if (!node) return [];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) {
    return valueTexts(node.expression);
  }
  if (ts.isConditionalExpression(node)) {
    return [...valueTexts(node.whenTrue), ...valueTexts(node.whenFalse)];
  }
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    if (ts.isBlock(node.body)) return returnedTexts(node.body);
    return valueTexts(node.body);
  }
  const text = literalText(node);
  return text === null ? [] : [text];
}

function returnedTexts(body: ts.Node): string[] {
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && node !== body) return;
    if (ts.isReturnStatement(node)) texts.push(...valueTexts(node.expression));
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return texts;
}

function calleeName(expression: ts.Expression): string {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return "";
}

function scanFile(source: ts.SourceFile, found: Set<string>, labelled: Map<string, number>): void {
  const shared = source.fileName.includes(`packages${"/"}shared`);
  const add = (texts: string[]) => {
    for (const text of [...texts, ...spanWords]) {
      // A template of values only (parts translated where they are made) is no message.
      if (/[A-Za-z]/.test(text.replace(/\{[A-Za-z0-9_]+\}/g, ""))) found.add(text);
    }
    spanWords = [];
  };
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
      const args = node.arguments ?? [];
      if (node.expression.text === "HttpError") add(valueTexts(args[2]));
      if (node.expression.text === "RetryLaterError") add(valueTexts(args[1]));
    }
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      if (name === "errorBody" || name === "t") add(valueTexts(node.arguments[1]));
      const labelAt = ts.isIdentifier(node.expression) ? labelled.get(name) : undefined;
      if (labelAt !== undefined) add(valueTexts(node.arguments[labelAt]));
      if (shared && ZOD_CHECKS.has(name) && ts.isPropertyAccessExpression(node.expression)) {
        add(valueTexts(node.arguments.at(-1)));
      }
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
      const key = node.name.text;
      if (key === "message" || (shared && key === "error")) add(valueTexts(node.initializer));
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      if (MESSAGE_NAME.test(node.name.text)) add(constantTexts(node.initializer));
    }
    if (ts.isFunctionDeclaration(node) && node.name && MESSAGE_NAME.test(node.name.text)) {
      if (node.body) add(returnedTexts(node.body));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** A constant's texts: a literal, or each value of an object (literal or message function). */
function constantTexts(node: ts.Node | undefined): string[] {
  if (!node) return [];
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    return constantTexts(node.expression);
  }
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.flatMap((property) => {
      if (ts.isPropertyAssignment(property)) return constantTexts(property.initializer);
      if (ts.isMethodDeclaration(property) && property.body) return returnedTexts(property.body);
      return [];
    });
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap(constantTexts);
  return valueTexts(node);
}
