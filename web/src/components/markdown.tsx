import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

export const ALLOWED_URL_SCHEMES = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

/** Raw HTML is parsed, then sanitised: scripts go, links and images keep only the allowed schemes. */
export const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: ALLOWED_URL_SCHEMES, src: ALLOWED_URL_SCHEMES },
};

/** The sanitiser prefixes every id and name (against DOM clobbering) with this. */
const CLOBBER_PREFIX = sanitizeSchema.clobberPrefix ?? 'user-content-';

/**
 * In-page links (#fn-1, footnotes and their back links) point at the ids as the sanitiser left
 * them, i.e. prefixed; every other address goes through the scheme check.
 */
export const markdownUrl = (url: string): string => (url.startsWith('#') ? `#${CLOBBER_PREFIX}${url.slice(1)}` : defaultUrlTransform(url));

export function Markdown({ children }: { children: string }) {
  return (
    <div className="prose-podium text-sm leading-relaxed text-slate-800">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        // Footnote ids are left unprefixed here: the sanitiser adds the one prefix.
        remarkRehypeOptions={{ clobberPrefix: '' }}
        rehypePlugins={[rehypeRaw, [rehypeSanitize, sanitizeSchema]]}
        urlTransform={markdownUrl}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
