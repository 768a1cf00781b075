/** The users page in the URL: the user a link from elsewhere (an audit record's target) brings into view. */
import { parseAsString } from "nuqs/server";

export const usersParsers = { user: parseAsString };
