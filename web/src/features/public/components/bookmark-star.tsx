import { cn } from '@/components/cn';
import { toggleBookmark, useBookmarks, type BookmarkInput } from '@/lib/bookmarks';

export function BookmarkStar({ team, className }: { team: BookmarkInput; className?: string }) {
  const { ids } = useBookmarks();
  const on = ids.has(team.id);
  return (
    <button
      type="button"
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        toggleBookmark(team);
      }}
      aria-pressed={on}
      aria-label={on ? `Remove bookmark for ${team.name}` : `Bookmark ${team.name}`}
      title={on ? 'Remove bookmark' : 'Bookmark this team'}
      className={cn(
        'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-xl transition-colors hover:bg-yellow-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-yellow-400',
        on ? 'text-yellow-500' : 'text-slate-300 hover:text-yellow-400',
        className,
      )}
    >
      {on ? '★' : '☆'}
    </button>
  );
}
