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

export function Markdown({ children }: { children: string }) {
  return (
    <div className="prose-podium text-sm leading-relaxed text-slate-800">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeRaw, [rehypeSanitize, sanitizeSchema]]}
        urlTransform={defaultUrlTransform}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
