import { headers } from "next/headers";

/** Dynamic (it reads the request's headers): rendered on every request, as the console's pages are. */
export default async function Page() {
  const agent = (await headers()).get("user-agent") ?? "unknown";
  return (
    <main>
      <h1>The framework&apos;s floor</h1>
      <p>Asked by {agent}</p>
      <ul>
        {Array.from({ length: 50 }, (_, i) => (
          <li key={i}>Row {i + 1}</li>
        ))}
      </ul>
    </main>
  );
}
