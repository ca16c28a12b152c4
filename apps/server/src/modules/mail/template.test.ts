import { describe, expect, it } from "vitest";
import { escapeHtml, renderMail } from "./template.ts";

describe("renderMail", () => {
  it("writes the same words as text and as HTML, escaping user text only in the HTML", () => {
    const mail = renderMail({
      greeting: `Hi <script>alert("x")</script> & co,`,
      paragraphs: ["Your code:", "Second 'paragraph'."],
      code: "012345",
      footnote: "Small print.",
    });
    expect(mail.text).toContain(`Hi <script>alert("x")</script> & co,`);
    expect(mail.text).toMatch(/^Your code:\n\n {4}012345\n\nSecond 'paragraph'\.$/m);
    expect(mail.text).toContain("Kindred");
    expect(mail.html).toContain("Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co,");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Second &#39;paragraph&#39;.");
    expect(mail.html).toContain(">012345</p>");
    expect(mail.html).toContain("Kindred");
  });

  it("escapes the five HTML special characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });
});
