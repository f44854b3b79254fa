import { Fragment } from 'react';
import { Link } from 'react-router';

export type Crumb = { label: string; to?: string };

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-500">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <Fragment key={`${item.label}-${index}`}>
            {index > 0 && <li aria-hidden="true">&gt;</li>}
            <li>
              {item.to && index < items.length - 1 ? (
                <Link to={item.to} className="hover:text-blue-700 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span className="font-medium text-slate-700" aria-current={index === items.length - 1 ? 'page' : undefined}>
                  {item.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
