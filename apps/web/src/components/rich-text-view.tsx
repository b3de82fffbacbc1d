import { Typography } from '@mantine/core';

/**
 * Shows a rich text the server stored. The server keeps only the tags and attributes of ADR 0111 (no script,
 * no event handler, no style, only http, https and mailto links) on every write, so its HTML is inserted as is.
 */
export function RichTextView({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored (ADR 0111) */}
      <div data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
