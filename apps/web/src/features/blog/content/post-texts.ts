import type { BlogPost } from "@kindred/shared/blog-posts";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

type PostText = { title: MessageDescriptor; author: MessageDescriptor; content: MessageDescriptor };

/**
 * The posts' words in the catalogues. The posts themselves live in `@kindred/shared/blog-posts`
 * (in English, for the server's page titles); a post the catalogues lack shows in English.
 */
const POST_TEXTS: Record<string, PostText> = {
  "finding-your-study-group": {
    title: msg`Finding Your Study Group in the First Week`,
    author: msg`Kindred team`,
    content: msg`The first week of a term decides a lot. Put three skills you actually use on your profile, swipe through people who share them, and send a few requests before the first assignment lands. A group of three to five people who meet once a week beats any all-night session alone. When you accept a request, say hello with one concrete idea: a time, a place, a topic.`,
  },
  "skills-that-start-conversations": {
    title: msg`Skills That Start Conversations`,
    author: msg`Kindred team`,
    content: msg`Specific beats general. 'Python' is shared by thousands; 'data visualisation' or 'bouldering' tells someone what you would actually do together. Kindred highlights the skills you share with each person, so a precise list brings better matches to the top of your feed. Keep between three and twenty skills, and update them when your interests change.`,
  },
  "from-connection-to-collaboration": {
    title: msg`From Connection to Collaboration`,
    author: msg`Kindred team`,
    content: msg`A connection is a start, not a result. Share your public profile link in your course forum, join a study group in the community, or put an event on the calendar. The people who get the most from Kindred treat each new connection as an invitation to build something small together: a project, a practice session, a reading list.`,
  },
};

/** A post's title, author and text in the reader's language. */
export function postText(
  post: BlogPost,
  i18n: I18n,
): { title: string; author: string; content: string } {
  const text = POST_TEXTS[post.id];
  if (!text) return post;
  return { title: i18n._(text.title), author: i18n._(text.author), content: i18n._(text.content) };
}
