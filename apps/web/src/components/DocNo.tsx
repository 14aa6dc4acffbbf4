import type { ReactNode } from 'react';

/** A document number that never wraps (the `.doc-no` style of global.css), e.g. `MO2026000001`. */
export function DocNo({ children }: { children: ReactNode }) {
  return <span className="doc-no">{children}</span>;
}

/**
 * A translated text that contains a document number ("Outbound order {{unid}}"), with that number kept
 * on one line: the words around it may wrap, the number does not.
 */
export function WithDocNo({ text, no }: { text: string; no: string }) {
  const at = no ? text.indexOf(no) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <DocNo>{no}</DocNo>
      {text.slice(at + no.length)}
    </>
  );
}
