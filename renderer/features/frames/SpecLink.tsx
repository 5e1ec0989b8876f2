// The public section a finding or a check comes from, as a link that opens outside the app: `target="_blank"` is
// what the desktop shell's window-open handler offers to the system browser after its URL check and a confirmation
// (SEC-1), and what the browser edition opens in a new tab. The link is made only for a URL of a public
// specification that also passes the renderer's own link rule; otherwise, and for labels without a link, the label
// is plain text. Old labels read from session files are shown as the public section they stood for.

import { citationOf } from '../../../shared/checks/citation';
import { checkLinkUrl } from '../render';

export interface SpecLinkProps {
  spec: string | undefined;
  specUrl?: string | undefined;
  /** The generation of the agent the finding is about, for an old label that did not say it. */
  generation?: string | undefined;
  /** The finding's rule or check id, for an old label that stood for several rules. */
  rule?: string | undefined;
}

export function SpecLink({ spec, specUrl, generation, rule }: SpecLinkProps) {
  const citation = citationOf(spec, specUrl, { generation, rule });
  if (!citation) return null;
  const verdict = citation.url !== undefined ? checkLinkUrl(citation.url) : undefined;
  if (!verdict?.ok) {
    return (
      <span className="spec-label" data-testid="spec-label">
        {citation.label}
      </span>
    );
  }
  return (
    <a
      className="spec-link"
      href={verdict.href}
      target="_blank"
      rel="noopener noreferrer"
      referrerPolicy="no-referrer"
      title={`${citation.label}\n${verdict.href}`}
      data-testid="spec-link"
    >
      {citation.label}
    </a>
  );
}
