import {
  type PluginObj,
  type types as t,
  transformAsync,
  transformFromAstAsync,
} from "@babel/core";
import linguiMacro from "@lingui/babel-plugin-lingui-macro";
import { getConfig } from "@lingui/conf";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

const USES_MACRO = /from\s+["']@lingui\/(?:core|react)\/macro["']/;

/**
 * Compiles each English message where the macro left it (`{id, message}` and `<Trans message>`),
 * so the browser never needs Lingui's message compiler: an English visitor loads no catalogue
 * and no parser (docs/decisions/131-languages-with-lingui.md).
 */
function precompileMessages({ types }: { types: typeof t }): PluginObj {
  const compiled = (value: string, where: string) => {
    try {
      const message = compileMessageOrThrow(value);
      return typeof message === "string"
        ? types.stringLiteral(message)
        : types.valueToNode(message);
    } catch (error) {
      throw new Error(`${where}: the message ${JSON.stringify(value)} is not valid ICU: ${error}`);
    }
  };
  return {
    name: "kindred:precompile-messages",
    visitor: {
      ObjectProperty(path, state) {
        const { key, value } = path.node;
        if (!types.isIdentifier(key, { name: "message" }) || !types.isStringLiteral(value)) return;
        const owner = path.parent;
        const hasId =
          types.isObjectExpression(owner) &&
          owner.properties.some(
            (property) =>
              types.isObjectProperty(property) && types.isIdentifier(property.key, { name: "id" }),
          );
        if (hasId) path.node.value = compiled(value.value, state.filename ?? "");
      },
      JSXAttribute(path, state) {
        const { name, value } = path.node;
        if (!types.isJSXIdentifier(name, { name: "message" }) || !types.isStringLiteral(value))
          return;
        path.node.value = types.jsxExpressionContainer(compiled(value.value, state.filename ?? ""));
      },
    },
  };
}

/** Lingui's macros (`Trans`, `t`, `plural`, `msg`) in the app's own TypeScript, for Vite and Vitest. */
export function linguiMacros(configPath: string): Plugin {
  const linguiConfig = getConfig({ configPath });
  return {
    name: "kindred:lingui-macros",
    enforce: "pre",
    async transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (
        !/\.[cm]?[jt]sx?$/.test(file) ||
        file.includes("/node_modules/") ||
        !USES_MACRO.test(code)
      ) {
        return null;
      }
      const parserOpts = { plugins: ["typescript", "jsx"] as ("typescript" | "jsx")[] };
      const first = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        parserOpts,
        plugins: [[linguiMacro, { stripMessageField: false, linguiConfig }]],
        ast: true,
        code: false,
        sourceMaps: false,
      });
      if (!first?.ast) return null;
      const second = await transformFromAstAsync(first.ast, code, {
        filename: file,
        babelrc: false,
        configFile: false,
        plugins: [precompileMessages],
        sourceMaps: true,
      });
      if (!second?.code) return null;
      return { code: second.code, map: second.map ?? null };
    },
  };
}
