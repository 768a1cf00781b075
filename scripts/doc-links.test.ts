import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every relative link in the documentation points at something that exists, and a `#anchor` into a
 * Markdown file names one of its headings (as GitHub makes their anchors), so moving or renaming a
 * section cannot leave a reader at a dead end.
 */
const root = path.resolve(import.meta.dirname, "..");

function markdownUnder(dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return markdownUnder(rel);
    return name.endsWith(".md") ? [rel] : [];
  });
}

const DOCS = [
  "README.md",
  "sandbox/README.md",
  "bench/REPORT.md",
  ...markdownUnder("docs"),
  ...markdownUnder("sandbox/docs"),
];

/** The text outside fenced code blocks and inline code, where links are links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** A heading's anchor as GitHub makes it: its text, lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a Markdown file's headings (outside code blocks), with GitHub's -1, -2… for repeats. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  const text = readFileSync(file, "utf8").replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const m of text.matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n === 0 ? base : `${base}-${n}`);
  }
  return result;
}

/** Relative links and images of a file: [text](target) and ![alt](target), without a title. */
function links(file: string): string[] {
  return [...prose(readFileSync(path.join(root, file), "utf8")).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe("links in the documentation", () => {
  it("covers the README, docs/, the sandbox's README and docs/, and the benchmark report", () => {
    expect(DOCS).toEqual(expect.arrayContaining(["README.md", "docs/user-guide.md", "sandbox/docs/chains.md"]));
  });

  it.each(DOCS)("%s: every relative link and #anchor points at something that exists", (doc) => {
    const dead: string[] = [];
    for (const target of links(doc)) {
      const [rawPath = "", anchor] = target.split("#", 2);
      const file = rawPath ? path.resolve(root, path.dirname(doc), decodeURIComponent(rawPath)) : path.join(root, doc);
      if (!existsSync(file)) {
        dead.push(`${target}: no such file`);
        continue;
      }
      if (anchor && file.endsWith(".md") && !anchors(file).has(anchor)) dead.push(`${target}: no such heading`);
    }
    expect(dead).toEqual([]);
  });

  it("makes anchors as GitHub does", () => {
    expect(slug("MPC signing service (`sandbox/mpc`, port `SANDBOX_MPC_PORT`)")).toBe(
      "mpc-signing-service-sandboxmpc-port-sandbox_mpc_port",
    );
    expect(slug("When the audit chain breaks: `audit:acknowledge`")).toBe(
      "when-the-audit-chain-breaks-auditacknowledge",
    );
    expect(slug("Yield (developers act, everyone reads)")).toBe("yield-developers-act-everyone-reads");
  });
});
