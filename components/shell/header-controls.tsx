"use client";
import { signOut } from "next-auth/react";
import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";

const subscribe = () => () => {};

export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  // The theme is only known in the browser; render a neutral icon on the server.
  const mounted = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const next = theme === "light" ? "dark" : theme === "dark" ? "system" : "light";
  const icon = !mounted
    ? "icon-monitor"
    : theme === "light"
      ? "icon-sun"
      : theme === "dark"
        ? "icon-moon"
        : "icon-monitor";
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => setTheme(next)}
      aria-label={`Theme: ${mounted ? theme : "system"}. Switch to ${next}`}
      title={`Theme: ${mounted ? theme : "system"}`}
    >
      <span className={`${icon} inline-block size-4`} aria-hidden />
    </Button>
  );
}

export function SignOutButton() {
  return (
    <Button variant="ghost" size="sm" onClick={() => void signOut({ callbackUrl: "/signin" })}>
      <span className="icon-log-out inline-block size-4" aria-hidden />{" "}
      <span className="sr-only md:not-sr-only">Sign out</span>
    </Button>
  );
}
