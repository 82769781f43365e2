// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import { renderLanding } from "./prerender-landing";

// What the server sends for "/" before any script runs: crawlers and visitors without JavaScript
// read this, so the spec's texts and links must be in it, with the CSS that lays them out.
describe("the prerendered landing page", () => {
  let html = "";
  let css = "";
  beforeAll(async () => {
    ({ html, css } = await renderLanding("en"));
  });

  it("holds the hero, the five steps and the footer as HTML", () => {
    expect(html).toMatch(/<h1[^>]*id="hero-heading"[^>]*>Logistics for Amazon FBA Sellers!<\/h1>/);
    for (const step of [
      "Fill a form.",
      "Place bids.",
      "Accept or deny.",
      "Communicate clearly through comments on accepted orders.",
      "Delivery to Amazon warehouses.",
    ])
      expect(html).toContain(`>${step}</h3>`);
    expect(html).toContain('id="how-it-works"');
    expect(html).toContain('aria-label="FBA Freight on LinkedIn"');
    expect(html).toMatch(/© <span data-current-year="">\d{4}<\/span>/);
  });

  it("says the default 72-hour window and marks it for its script to say the configured one", () => {
    expect(html).toContain(
      'compete with sealed bids for <span data-bid-window="duration">72 hours</span>, the lowest',
    );
    expect(html).toContain(
      'during a <span data-bid-window="adjective">72-hour</span> bidding window.',
    );
  });

  it("links to sign up and log in, and marks the buttons its script wires up", () => {
    expect(html).toMatch(/<a[^>]*href="\/signup"[^>]*>Sign up<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Log in<\/a>/);
    expect(html.match(/<button[^>]*data-get-started=""/g)).toHaveLength(2);
  });

  it("moves every style into one stylesheet that covers the classes used", () => {
    expect(html).not.toContain("<style");
    const used = new Set(
      html.match(/css-[a-z0-9]+(-[A-Za-z]+)*/g)?.filter((name) => name !== "css-0"),
    );
    expect(used.size).toBeGreaterThan(20);
    for (const name of used) expect(css).toContain(`.${name}`);
    expect(css).toContain("box-sizing:border-box");
  });
});

describe("the prerendered landing page in Simplified Chinese", () => {
  let html = "";
  let title = "";
  beforeAll(async () => {
    ({ html, title } = await renderLanding("zh-CN"));
  });

  it("holds the translated hero, steps and links, and the switch back to English", () => {
    expect(title).toBe("首页 | FBA Freight");
    expect(html).toMatch(/<h1[^>]*id="hero-heading"[^>]*>亚马逊 FBA 卖家的头程物流之选！<\/h1>/);
    expect(html).toContain(">填写表单。</h3>");
    expect(html).toContain('<span data-bid-window="adjective">72 小时</span>');
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>登录<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/\?lang=en"[^>]*data-locale-switch="en"/);
    expect(html).not.toContain("Logistics for Amazon FBA Sellers!");
  });
});
