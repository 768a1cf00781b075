import { describe, expect, it } from "vitest";
import { caseHosts, checkCaseRef } from "./case-ref";

const hosts = ["tickets.example.com", "example.atlassian.net"];
const value = (text: string, allowed: readonly string[] | "any" = hosts) => {
  const check = checkCaseRef(text, allowed);
  return check.ok ? check.value : `refused: ${check.message}`;
};

describe("a case reference", () => {
  it("takes ticket ids in the two shapes ticket systems use, in upper case", () => {
    expect(value("ABC-123")).toBe("ABC-123");
    expect(value("  ops_team-7 ")).toBe("OPS_TEAM-7");
    expect(value("inc0012345")).toBe("INC0012345");
  });

  it("refuses text that is neither an id nor a link", () => {
    for (const text of [
      "",
      "   ",
      "ABC",
      "123",
      "ABC-",
      "-12",
      "ABC 123",
      "ABC-12x",
      "A".repeat(17) + "-1",
      "<script>",
    ])
      expect(value(text), text).toMatch(/^refused: /);
  });

  it("takes an https link on an allowed host, as the URL standard writes it, without a fragment", () => {
    expect(value("https://Tickets.Example.com/browse/ABC-1#c")).toBe("https://tickets.example.com/browse/ABC-1");
    expect(value("https://example.atlassian.net/browse/OPS-2?focused=1")).toBe(
      "https://example.atlassian.net/browse/OPS-2?focused=1",
    );
  });

  it("refuses a link that is not https, names a user or a port, or points elsewhere", () => {
    expect(value("http://tickets.example.com/ABC-1")).toBe("refused: A ticket link must use https.");
    expect(value("https://me:pw@tickets.example.com/ABC-1")).toMatch(/user name or password/);
    expect(value("https://tickets.example.com:444/ABC-1")).toMatch(/port/);
    expect(value("https://tickets.example.com.evil.net/ABC-1")).toBe(
      "refused: Links to that host are not allowed; allowed: tickets.example.com, example.atlassian.net.",
    );
    // A refused value is not repeated back: it may be a secret pasted into the wrong box.
    expect(value("https://hunter2-secret-pw.example.org/x")).not.toContain("hunter2");
    expect(value("javascript:alert(1)")).toBe("refused: A ticket link must use https.");
    expect(value("https://tickets.example.com/ABC-1", [])).toMatch(/CONSOLE_CASE_URL_HOSTS/);
  });

  it("a lookup takes a link to any host (a case recorded before the hosts changed)", () => {
    expect(value("https://old-tickets.example.org/T-1", "any")).toBe("https://old-tickets.example.org/T-1");
    expect(value("http://old-tickets.example.org/T-1", "any")).toMatch(/^refused/);
  });

  it("reads the host list as configured: lower case, trimmed, blanks dropped", () => {
    expect(caseHosts(" Tickets.Example.com, ,jira.example.org ")).toEqual(["tickets.example.com", "jira.example.org"]);
    expect(caseHosts(undefined)).toEqual([]);
  });
});
