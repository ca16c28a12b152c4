import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The ten questions of the FAQ, written here: nobody edits them in the app. */
export const FAQ_ITEMS: { question: MessageDescriptor; answer: MessageDescriptor }[] = [
  {
    question: msg`What is Kindred?`,
    answer: msg`Kindred helps students, professionals and innovators meet people who share their interests and skills: you swipe through people, send requests and connect.`,
  },
  {
    question: msg`How do I create an account?`,
    answer: msg`Choose Signup, enter your name, email, a password and at least three skills. You can complete your profile afterwards.`,
  },
  {
    question: msg`Is there a free trial?`,
    answer: msg`There is nothing to try before you buy: Kindred is free, with every feature open to everyone. There are no paid plans.`,
  },
  {
    question: msg`How do refunds work?`,
    answer: msg`There is nothing to refund: Kindred never asks for a card or takes a payment. If someone asks you to pay in Kindred's name, report them.`,
  },
  {
    question: msg`Can I cancel at any time?`,
    answer: msg`Nothing is charged, so there is no subscription to cancel. You can leave at any time: Delete account in Settings removes your account at once.`,
  },
  {
    question: msg`Is my data safe?`,
    answer: msg`Your connection to Kindred is encrypted, passwords are stored only as argon2id hashes and session ids only as hashes. Your email is never shown to other people.`,
  },
  {
    question: msg`How does matching work?`,
    answer: msg`Your feed puts people who share the most skills with you first, and highlights the skills you have in common.`,
  },
  {
    question: msg`Who can see my profile?`,
    answer: msg`Signed-in people of your age group (13 to 17, or 18 and over) see your card in their feed. Anyone with your public profile link sees that page, except that an under-18 profile is never shown to signed-out visitors and never shows social links. Your email is never shown.`,
  },
  {
    question: msg`How do I reset my password?`,
    answer: msg`Choose Forgot password on the login page. We mail you a 6-digit code that works once within 10 minutes.`,
  },
  {
    question: msg`How do I contact support?`,
    answer: msg`Open the Support center and send a ticket, or write to us from the Contact page. We answer by email.`,
  },
];
