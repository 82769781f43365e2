/**
 * The app's start on a page the server sent with its first paint (the order pages, see
 * app/first-paint.tsx): the page's HTML names the app's entry and modules instead of loading them
 * (scripts/prerender.mjs writes that copy of each index.html), and this small script loads them
 * once the browser has painted the page. On a phone's connection the order then shows as soon as
 * its HTML is in, rather than after the app's JavaScript, which would otherwise share the
 * connection with the HTML from the start.
 */
let started = false;

function start() {
  if (started) return;
  started = true;
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="app-module"]')) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = meta.content;
    document.head.append(link);
  }
  const entry = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content;
  if (entry) void import(/* @vite-ignore */ entry);
}

// After the next frame is painted; a tab opened in the background paints nothing until shown, so
// its app starts on a timer instead.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
