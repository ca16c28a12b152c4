/** The blog's three posts, written here (the blog has no editor); the server titles their pages. */
export type BlogPost = { id: string; title: string; author: string; date: string; content: string };

export const BLOG_POSTS: BlogPost[] = [
  {
    id: "finding-your-study-group",
    title: "Finding Your Study Group in the First Week",
    author: "Kindred team",
    date: "2026-09-08",
    content:
      "The first week of a term decides a lot. Put three skills you actually use on your profile, swipe through people who share them, and send a few requests before the first assignment lands. A group of three to five people who meet once a week beats any all-night session alone. When you accept a request, say hello with one concrete idea: a time, a place, a topic.",
  },
  {
    id: "skills-that-start-conversations",
    title: "Skills That Start Conversations",
    author: "Kindred team",
    date: "2026-10-02",
    content:
      "Specific beats general. 'Python' is shared by thousands; 'data visualisation' or 'bouldering' tells someone what you would actually do together. Kindred highlights the skills you share with each person, so a precise list brings better matches to the top of your feed. Keep between three and twenty skills, and update them when your interests change.",
  },
  {
    id: "from-connection-to-collaboration",
    title: "From Connection to Collaboration",
    author: "Kindred team",
    date: "2026-11-12",
    content:
      "A connection is a start, not a result. Share your public profile link in your course forum, join a study group in the community, or put an event on the calendar. The people who get the most from Kindred treat each new connection as an invitation to build something small together: a project, a practice session, a reading list.",
  },
];

export const BLOG_PREVIEW_LENGTH = 100;
