// Loaded with --import before a script that imports the console's server modules outside Next (run with
// --conditions=react-server, so `server-only` resolves to its empty server build). Next's bundler gives
// server code the server build of `next/navigation` (no React context in it); plain Node would load
// the client build, which needs a React that the react-server condition does not provide.
import { register } from "node:module";

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === "next/navigation")
        return next("next/dist/client/components/navigation.react-server.js", context);
      return next(specifier, context);
    }
  `)}`,
  import.meta.url,
);
