import { describe, expect, it } from "vitest";
import { destinationProblem, shownDestination } from "./destination";

describe("a notification destination", () => {
  it.each([
    "https://hooks.slack.com/services/T0/B0/abc",
    "https://hooks.example.com:8443/console?token=abc",
    "http://localhost:9000/hook",
    "http://127.0.0.1:9000/hook",
  ])("may be %s", (url) => expect(destinationProblem(url)).toBeNull());

  it.each([
    ["http://hooks.example.com/x", "Use https (plain http only to localhost or 127.0.0.1)"],
    ["http://127.0.0.2/x", "Use https (plain http only to localhost or 127.0.0.1)"],
    ["http://localhost.example.com/x", "Use https (plain http only to localhost or 127.0.0.1)"],
    ["https://user:pass@hooks.example.com/x", "The URL must not hold a user name or password"],
    ["https://token@hooks.example.com/x", "The URL must not hold a user name or password"],
    ["file:///etc/passwd", "Use an https URL"],
    ["hooks.example.com/x", "Enter a full URL, starting with https://"],
  ])("may not be %s", (url, problem) => expect(destinationProblem(url)).toBe(problem));

  it("is shown as its origin only: a path or a query may be the credential (a Slack webhook's path is)", () => {
    expect(shownDestination("https://hooks.example.com/console?token=abc")).toBe("https://hooks.example.com/…");
    expect(shownDestination("https://hooks.slack.com/services/T000/B000/XXXXSECRET")).toBe("https://hooks.slack.com/…");
    expect(shownDestination("https://hooks.example.com/")).toBe("https://hooks.example.com");
  });
});
