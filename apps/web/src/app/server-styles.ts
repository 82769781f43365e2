/**
 * Emotion's styles out of HTML rendered on a server: emotion writes each rule set as a <style>
 * element before the first element using it; they become one stylesheet, in the same order, and
 * the markup is left without them.
 */
export function hoistStyles(markup: string): { html: string; css: string } {
  const rules: string[] = [];
  const html = markup.replace(
    /<style data-emotion="[^"]*">([\s\S]*?)<\/style>/g,
    (_, css: string) => {
      rules.push(css);
      return "";
    },
  );
  return { html, css: rules.join("") };
}
