/** Runs once when a console server starts: configuration, migrations, the first admin. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { runStartup } = await import("./server/startup");
  await runStartup();
}
