import { describe, expect, it } from "vitest";
import {
  appForFile,
  call,
  notificationsOf,
  sendRequest,
  signUpUser,
} from "../../../test/helpers.ts";
import { digestMail } from "../digest/digest.ts";
import { notificationForDelivery } from "./service.ts";

const app = await appForFile();

describe("notifications in the recipient's language", () => {
  it("tells an Arabic-speaking person in Arabic: the centre, the push and the digest mail", async () => {
    const ana = await signUpUser(app, { firstName: "Ana" });
    const layla = await signUpUser(app, { firstName: "Layla" });
    const set = await call(app, layla, "PUT", "/api/account/settings", { locale: "ar" });
    expect(set.statusCode).toBe(200);

    await sendRequest(app, ana, "interested", layla);
    const [notification] = await notificationsOf(app, layla);
    expect(notification?.kind).toBe("request_received");
    expect(notification?.text).toBe("Ana يريد التواصل معك");

    // What a push carries (and the digest names): the same sentence, in Arabic.
    const delivered = await notificationForDelivery(app.db, notification?._id ?? "");
    expect(delivered?.text).toBe("Ana يريد التواصل معك");

    const mail = digestMail(
      { email: layla.me.emailId, firstName: "Layla", locale: "ar" },
      [{ text: delivered?.text ?? "", url: "/requests" }],
      "https://kindred.example",
    );
    expect(mail.subject).toBe("إشعار جديد على Kindred");
    expect(mail.text).toContain("مرحبًا Layla،");
    expect(mail.text).toContain("Ana يريد التواصل معك: https://kindred.example/requests");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });

  it("keeps English word for word for a person who chose nothing else", async () => {
    const ana = await signUpUser(app, { firstName: "Ana" });
    const ben = await signUpUser(app, { firstName: "Ben" });
    await sendRequest(app, ana, "interested", ben);
    const [notification] = await notificationsOf(app, ben);
    expect(notification?.text).toBe("Ana wants to connect");
    const mail = digestMail(
      { email: ben.me.emailId, firstName: "Ben" },
      [{ text: "Ana wants to connect", url: "/requests" }],
      "https://kindred.example",
    );
    expect(mail.subject).toBe("1 new notification on Kindred");
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });
});
