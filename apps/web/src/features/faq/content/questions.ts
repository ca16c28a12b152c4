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
    answer: "Yes. Every new account starts with a 7-day free trial of all features.",
  },
  {
    question: "How do refunds work?",
    answer:
      "If you ask for a refund, it reaches your original payment method within 7-10 business days.",
  },
  {
    question: "Can I cancel at any time?",
    answer: "Yes, you can cancel any time; nothing more is charged after you cancel.",
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
      "Signed-in people see your card in their feed; anyone with your public profile link sees that page. Your email is never shown.",
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
