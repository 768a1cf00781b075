import { Fragment } from "react";

/**
 * Text that may wrap at its seams: before an "@" and after a "/". E-mails and compound targets in
 * narrow columns then break as "name-123" / "@example.com", not in the middle of a word.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?=@)|(?<=\/)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
