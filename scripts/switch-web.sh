#!/bin/sh
# switch-web.sh WEB BUILD — points WEB/dist at WEB/BUILD (a finished build, relative to WEB) with
# one rename, so a running gateway serves the old app or the new one and never a half-written
# one (docs/operations.md, "Deploying the web app"). The previous build stays; older ones are
# removed.
set -eu
web=$1
build=$2
if [ ! -f "$web/$build/index.html" ]; then
	echo "switch-web: $web/$build has no index.html; web/dist is unchanged" >&2
	exit 1
fi
previous=$(readlink "$web/dist" 2>/dev/null || true)
# A page loaded before the switch asks for its own hashed chunks after it: the new build carries
# the previous one's assets of the last day (mtime kept, so they age out), never overwriting.
if [ -n "$previous" ] && [ -d "$web/$previous/assets" ]; then
	mkdir -p "$web/$build/assets"
	find "$web/$previous/assets" -maxdepth 1 -type f -mmin -1440 -exec cp -p -n {} "$web/$build/assets/" \;
fi
link="$web/dist.next-$$"
ln -s "$build" "$link"
if [ -d "$web/dist" ] && [ ! -L "$web/dist" ]; then
	# A dist written in place by an older Makefile: moved aside once, so the link can take its name.
	mkdir -p "$web/.builds"
	mv "$web/dist" "$web/.builds/in-place-$$"
fi
mv -T "$link" "$web/dist" # rename(2) over the old link: atomic
for old in "$web"/.builds/*; do
	[ -e "$old" ] || continue
	name=.builds/${old##*/}
	if [ "$name" != "$build" ] && [ "$name" != "$previous" ]; then
		rm -rf "$old"
	fi
done
