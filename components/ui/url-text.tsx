import { Fragment } from "react";
import { urlBreaks } from "@/lib/shared/url-breaks";

/**
 * A URL that wraps after its separators, never inside a word; a piece longer than the line (a token in a
 * path) still breaks rather than overflow.
 */
export function UrlText({ url, className = "" }: { url: string; className?: string }) {
  return (
    <span className={`font-mono wrap-break-word ${className}`} data-url={url}>
      {urlBreaks(url).map((piece, i) => (
        <Fragment key={i}>
          {piece}
          <wbr />
        </Fragment>
      ))}
    </span>
  );
}
