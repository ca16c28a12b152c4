/** The ten questions of the FAQ, written here: nobody edits them in the app. */
export const FAQ_ITEMS: { question: string; answer: string }[] = [
  {
    question: "What is Kindred?",
    answer:
      "Kindred helps students, professionals and innovators meet people who share their interests and skills: you swipe through people, send requests and connect.",
  },
  {
    question: "How do I create an account?",
    answer:
      "Choose Signup, enter your name, email, a password and at least three skills. You can complete your profile afterwards.",
  },
  {
    question: "Is there a free trial?",
    answer:
      "There is nothing to try before you buy: Kindred is free, with every feature open to everyone. There are no paid plans.",
  },
  {
    question: "How do refunds work?",
    answer:
      "There is nothing to refund: Kindred never asks for a card or takes a payment. If someone asks you to pay in Kindred's name, report them.",
  },
  {
    question: "Can I cancel at any time?",
    answer:
      "Nothing is charged, so there is no subscription to cancel. You can leave at any time: Delete account in Settings removes your account at once.",
  },
  {
    question: "Is my data safe?",
    answer:
      "Your connection to Kindred is encrypted, passwords are stored only as argon2id hashes and session ids only as hashes. Your email is never shown to other people.",
  },
  {
    question: "How does matching work?",
    answer:
      "Your feed puts people who share the most skills with you first, and highlights the skills you have in common.",
  },
  {
    question: "Who can see my profile?",
    answer:
      "Signed-in people of your age group (13 to 17, or 18 and over) see your card in their feed. Anyone with your public profile link sees that page, except that an under-18 profile is never shown to signed-out visitors and never shows social links. Your email is never shown.",
  },
  {
    question: "How do I reset my password?",
    answer:
      "Choose Forgot password on the login page. We mail you a 6-digit code that works once within 10 minutes.",
  },
  {
    question: "How do I contact support?",
    answer:
      "Open the Support center and send a ticket, or write to us from the Contact page. We answer by email.",
  },
];
