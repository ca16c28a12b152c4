import type { Catalog } from "./translate.ts";

/**
 * Arabic (Modern Standard) for the messages the shared schemas and constants produce, keyed by
 * the English text; `{name}` is a value put in (a number, a field's label).
 */
export const sharedCatalogAr: Catalog = {
  "A cursor pages one kind of result: send its type with it.":
    "المؤشر يتصفح نوعًا واحدًا من النتائج: أرسل نوعه معه.",
  "A different moderator than the one who acted decides the appeal.":
    "يبتّ في الطعن مشرف غير الذي اتخذ الإجراء.",
  "A meet-up can last at most {MEETUP_MAX_HOURS} hours.":
    "يمكن أن يستمر اللقاء {MEETUP_MAX_HOURS} ساعات على الأكثر.",
  "A message has at most {CHAT_MESSAGE_MAX_LENGTH} characters.":
    "تتكون الرسالة من {CHAT_MESSAGE_MAX_LENGTH} حرفًا على الأكثر.",
  "A message holds at most {CHAT_PHOTOS_PER_MESSAGE} photos.":
    "تحمل الرسالة {CHAT_PHOTOS_PER_MESSAGE} صور على الأكثر.",
  "A moderator cannot act on an admin.": "لا يمكن للمشرف اتخاذ إجراء بحق مدير.",
  "A passkey name": "اسم مفتاح المرور",
  "A passkey name cannot be made only of invisible characters":
    "لا يمكن أن يتكون اسم مفتاح المرور من أحرف غير مرئية فقط",
  "A passkey name is at most {PASSKEY_NAME_MAX_LENGTH} characters":
    "اسم مفتاح المرور {PASSKEY_NAME_MAX_LENGTH} حرفًا على الأكثر",
  "A photo address must start with https://. Paste another one, or upload the photo.":
    "يجب أن يبدأ عنوان الصورة بـ https://. الصق عنوانًا آخر أو ارفع الصورة.",
  "A push endpoint must be a public internet address.":
    "يجب أن تكون نقطة إرسال الإشعارات عنوانًا عامًا على الإنترنت.",
  "A push endpoint must be an https address.": "يجب أن تكون نقطة إرسال الإشعارات عنوان https.",
  "A search cannot contain control characters (such as NUL)":
    "لا يمكن أن يحتوي البحث على محارف تحكم (مثل NUL)",
  "A search has at most {SEARCH_QUERY_MAX_LENGTH} characters":
    "البحث {SEARCH_QUERY_MAX_LENGTH} حرفًا على الأكثر",
  "A skill": "المهارة",
  "A skill cannot be made only of invisible characters":
    "لا يمكن أن تتكون المهارة من أحرف غير مرئية فقط",
  "A skill must be at most {SKILL_MAX_LENGTH} characters":
    "يجب ألا تتجاوز المهارة {SKILL_MAX_LENGTH} حرفًا",
  About: "نبذة عني",
  "About must be at most {ABOUT_MAX_LENGTH} characters":
    "يجب ألا تتجاوز النبذة {ABOUT_MAX_LENGTH} حرفًا",
  "Add at least {MIN_SKILLS} different skills": "أضف {MIN_SKILLS} مهارات مختلفة على الأقل",
  "Add at most {MAX_LEARNING} skills to learn": "أضف {MAX_LEARNING} مهارات للتعلم على الأكثر",
  "Add at most {MAX_SKILLS} skills": "أضف {MAX_SKILLS} مهارات على الأكثر",
  "Add your age to see people": "أضف عمرك لترى الأشخاص",
  "Add your age to start discovering people": "أضف عمرك لتبدأ في اكتشاف الأشخاص",
  "Add your age to your profile before you connect or chat with people.":
    "أضف عمرك إلى ملفك الشخصي قبل أن تتواصل أو تدردش مع الآخرين.",
  "Addresses from throwaway mail services can't be used here. Please use an email you keep.":
    "لا يمكن استخدام عناوين خدمات البريد المؤقت هنا. يُرجى استخدام بريد تحتفظ به.",
  "Age must be a whole number from {AGE_MIN} to {AGE_MAX}":
    "يجب أن يكون العمر عددًا صحيحًا من {AGE_MIN} إلى {AGE_MAX}",
  "An account with this email already exists.": "يوجد حساب بهذا البريد الإلكتروني بالفعل.",
  "An appeal has at most {APPEAL_MAX_LENGTH} characters.":
    "الطعن {APPEAL_MAX_LENGTH} حرفًا على الأكثر.",
  "An interest": "الاهتمام",
  "An interest must be at most {SKILL_MAX_LENGTH} characters":
    "يجب ألا يتجاوز الاهتمام {SKILL_MAX_LENGTH} حرفًا",
  "Another account has already verified this university email.":
    "تحقق حساب آخر من هذا البريد الجامعي بالفعل.",
  "Appeals are possible for {APPEAL_WINDOW_DAYS} days after a decision.":
    "يمكن الطعن خلال {APPEAL_WINDOW_DAYS} يومًا بعد القرار.",
  "Blocked. You will not see each other again.": "تم الحظر. لن يرى أحدكما الآخر بعد الآن.",
  "Both Password and Re Entered password should be same":
    "يجب أن تتطابق كلمة المرور مع كلمة المرور المعاد إدخالها",
  "Capacity must be a whole number from 1 to {toLocaleString}, or empty for no limit":
    "يجب أن تكون السعة عددًا صحيحًا من 1 إلى {toLocaleString}، أو فارغة لعدم وضع حد",
  "Change at least one of the name, the description or the topic.":
    "غيّر واحدًا على الأقل من الاسم أو الوصف أو الموضوع.",
  "Choose 1, 7 or 30 days.": "اختر 1 أو 7 أو 30 يومًا.",
  "Choose a language: en, es or ar.": "اختر لغة: en أو es أو ar.",
  "Choose a photo to upload.": "اختر صورة لرفعها.",
  "Choose a reason.": "اختر سببًا.",
  "Choose a time in the future.": "اختر وقتًا في المستقبل.",
  "Choose a time within the next {MEETUP_MAX_DAYS_AHEAD} days.":
    "اختر وقتًا خلال الأيام الـ{MEETUP_MAX_DAYS_AHEAD} القادمة.",
  "Choose a time zone such as Europe/Madrid.": "اختر منطقة زمنية مثل Europe/Madrid.",
  "Choose one of the listed topics": "اختر أحد المواضيع المدرجة",
  "Connection removed.": "تمت إزالة الاتصال.",
  Content: "المحتوى",
  "Conversation deleted.": "تم حذف المحادثة.",
  "Current password": "كلمة المرور الحالية",
  "Date is required": "التاريخ مطلوب",
  "Date must be an ISO 8601 date and time, e.g. 2030-05-17T18:00:00Z":
    "يجب أن يكون التاريخ تاريخًا ووقتًا بصيغة ISO 8601، مثل 2030-05-17T18:00:00Z",
  "Deleted the reply.": "تم حذف الرد.",
  Description: "الوصف",
  "Details have at most {REPORT_DETAILS_MAX_LENGTH} characters.":
    "التفاصيل {REPORT_DETAILS_MAX_LENGTH} حرفًا على الأكثر.",
  "Done. The person has been told.": "تم. أُبلغ الشخص بذلك.",
  "Each skill must be at most {SKILL_MAX_LENGTH} characters":
    "يجب ألا تتجاوز كل مهارة {SKILL_MAX_LENGTH} حرفًا",
  "Each skill must be text": "يجب أن تكون كل مهارة نصًا",
  "Each slot is a day from 0 (Sunday) to 6 and an hour from 0 to 23.":
    "كل فترة هي يوم من 0 (الأحد) إلى 6 وساعة من 0 إلى 23.",
  "Email is required": "البريد الإلكتروني مطلوب",
  "Email is too long": "البريد الإلكتروني طويل جدًا",
  "Enter a valid email address": "أدخل عنوان بريد إلكتروني صالحًا",
  "Enter an interest": "أدخل اهتمامًا",
  "Enter full OTP": "أدخل الرمز كاملًا",
  "Enter one of your recovery codes, like abcde-12345.":
    "أدخل أحد رموز الاسترداد الخاصة بك، مثل abcde-12345.",
  "Enter the 6-digit code from your authenticator app.":
    "أدخل الرمز المكون من 6 أرقام من تطبيق المصادقة.",
  "Enter the code": "أدخل الرمز",
  "Enter your age": "أدخل عمرك",
  "Every other device is signed out.": "تم تسجيل الخروج من كل الأجهزة الأخرى.",
  "First name": "الاسم الأول",
  "First name cannot be made only of invisible characters":
    "لا يمكن أن يتكون الاسم الأول من أحرف غير مرئية فقط",
  "First name is required": "الاسم الأول مطلوب",
  "First name must be at most {NAME_MAX_LENGTH} characters":
    "يجب ألا يتجاوز الاسم الأول {NAME_MAX_LENGTH} حرفًا",
  "Gender must be male, female or other": "يجب أن يكون الجنس ذكرًا أو أنثى أو آخر",
  "Give the end as an ISO date and time.": "أدخل النهاية تاريخًا ووقتًا بصيغة ISO.",
  "Give the passkey a name": "أعطِ مفتاح المرور اسمًا",
  "Give the start as an ISO date and time.": "أدخل البداية تاريخًا ووقتًا بصيغة ISO.",
  "Group must be a study group's id": "يجب أن تكون المجموعة معرّف مجموعة دراسة",
  "Group updated.": "تم تحديث المجموعة.",
  "Here is what matches your search.": "إليك ما يطابق بحثك.",
  "I'm not a robot": "لست روبوتًا",
  "Incorrect username or password.": "اسم المستخدم أو كلمة المرور غير صحيحة.",
  "Instagram link": "رابط إنستغرام",
  "Invalid email address": "عنوان بريد إلكتروني غير صالح",
  "Invalid or expired code": "رمز غير صالح أو منتهي الصلاحية",
  "Join the group to post or reply in it.": "انضم إلى المجموعة لتنشر أو ترد فيها.",
  "Last name": "اسم العائلة",
  "Last name cannot be made only of invisible characters":
    "لا يمكن أن يتكون اسم العائلة من أحرف غير مرئية فقط",
  "Last name must be at most {NAME_MAX_LENGTH} characters":
    "يجب ألا يتجاوز اسم العائلة {NAME_MAX_LENGTH} حرفًا",
  "Limit must be a whole number from 1 to {COMMUNITY_LIST_MAX_LIMIT}":
    "يجب أن يكون الحد عددًا صحيحًا من 1 إلى {COMMUNITY_LIST_MAX_LIMIT}",
  "Limit must be a whole number from 1 to {SKILL_SUGGESTIONS_MAX_LIMIT}":
    "يجب أن يكون الحد عددًا صحيحًا من 1 إلى {SKILL_SUGGESTIONS_MAX_LIMIT}",
  Location: "المكان",
  "Matches loaded": "تم تحميل المطابقات",
  Message: "الرسالة",
  "Message cannot be made only of invisible characters":
    "لا يمكن أن تتكون الرسالة من أحرف غير مرئية فقط",
  "Message deleted": "تم حذف الرسالة",
  "Message is required": "الرسالة مطلوبة",
  "Message must be at most {PUBLIC_MESSAGE_MAX_LENGTH} characters":
    "يجب ألا تتجاوز الرسالة {PUBLIC_MESSAGE_MAX_LENGTH} حرفًا",
  Name: "الاسم",
  "Name cannot be made only of invisible characters":
    "لا يمكن أن يتكون الاسم من أحرف غير مرئية فقط",
  "Name is required": "الاسم مطلوب",
  "Name must be at most {PUBLIC_NAME_MAX_LENGTH} characters":
    "يجب ألا يتجاوز الاسم {PUBLIC_NAME_MAX_LENGTH} حرفًا",
  "Name the notifications to mark as read, or all of them.":
    "حدد الإشعارات التي تريد تعليمها كمقروءة، أو كلها.",
  "New accounts can send {limit} requests a day. You can send more tomorrow.":
    "يمكن للحسابات الجديدة إرسال {limit} طلبات في اليوم. يمكنك إرسال المزيد غدًا.",
  "New accounts can start {limit} conversations a day. You can start more tomorrow.":
    "يمكن للحسابات الجديدة بدء {limit} محادثات في اليوم. يمكنك بدء المزيد غدًا.",
  "No matches found. Try another interest!": "لم يتم العثور على مطابقات. جرّب اهتمامًا آخر!",
  "No such id.": "لا يوجد معرّف كهذا.",
  "No such meet-up.": "لا يوجد لقاء كهذا.",
  "No such person.": "لا يوجد شخص كهذا.",
  "Nothing matches your search yet. Check the spelling or try fewer words.":
    "لا شيء يطابق بحثك حتى الآن. تحقق من الإملاء أو جرّب كلمات أقل.",
  "Notification settings saved.": "تم حفظ إعدادات الإشعارات.",
  "Only the group's creator can change it.": "لا يمكن تغيير المجموعة إلا لمنشئها.",
  "Only the person it was suggested to can answer it.":
    "لا يمكن الرد عليه إلا للشخص الذي اقتُرح عليه.",
  "Other link": "الرابط الآخر",
  "Passkey added. Next time, sign in with it instead of your password.":
    "تمت إضافة مفتاح المرور. في المرة القادمة، سجّل الدخول به بدلًا من كلمة المرور.",
  "Passkey removed. It no longer signs you in.": "تمت إزالة مفتاح المرور. لم يعد يسجّل دخولك.",
  "Passkey renamed.": "تمت إعادة تسمية مفتاح المرور.",
  Password: "كلمة المرور",
  "Password is required": "كلمة المرور مطلوبة",
  "Password is too long": "كلمة المرور طويلة جدًا",
  "Password must be at least {PASSWORD_MIN_LENGTH} characters":
    "يجب أن تتكون كلمة المرور من {PASSWORD_MIN_LENGTH} أحرف على الأقل",
  "Password must be at most {PASSWORD_MAX_LENGTH} characters":
    "يجب ألا تتجاوز كلمة المرور {PASSWORD_MAX_LENGTH} حرفًا",
  "People aged 13 to 17 and people 18 or over cannot connect or chat with each other.":
    "لا يمكن لمن تتراوح أعمارهم بين 13 و17 عامًا ومن هم في الثامنة عشرة أو أكثر التواصل أو الدردشة فيما بينهم.",
  "People aged 13 to 17 meet only each other, and so do people {ADULT_AGE} or over.":
    "من تتراوح أعمارهم بين 13 و17 عامًا يلتقون ببعضهم فقط، وكذلك من هم في سن {ADULT_AGE} أو أكثر.",
  "Photo URL": "عنوان الصورة",
  "Photo removed": "تمت إزالة الصورة",
  "Photo saved": "تم حفظ الصورة",
  "Please confirm that you are 13 or over and accept the Terms":
    "يُرجى تأكيد أن عمرك 13 عامًا أو أكثر وأنك توافق على الشروط",
  "Please remove offensive words.": "يُرجى إزالة الكلمات المسيئة.",
  "Please verify your email first: enter the 6-digit code we sent you, or ask for a new one.":
    "يُرجى التحقق من بريدك الإلكتروني أولًا: أدخل الرمز المكون من 6 أرقام الذي أرسلناه إليك، أو اطلب رمزًا جديدًا.",
  "Profile Saved Successfully": "تم حفظ الملف الشخصي بنجاح",
  "React with one of {join}.": "تفاعل بواحد من هذه: {join}.",
  "Reply is required": "الرد مطلوب",
  "Reply must be at most {toLocaleString} characters": "يجب ألا يتجاوز الرد {toLocaleString} حرفًا",
  "Reply posted.": "تم نشر الرد.",
  "Role saved.": "تم حفظ الدور.",
  "Send one photo at a time.": "أرسل صورة واحدة في كل مرة.",
  "Send only the fields photo and crop.": "أرسل الحقلين photo وcrop فقط.",
  "Send readReceipts, timeZone or locale.": "أرسل readReceipts أو timeZone أو locale.",
  "Send the photo as a file upload (multipart/form-data) with the picture in a field named photo.":
    "أرسل الصورة كملف مرفوع (multipart/form-data) والصورة في حقل اسمه photo.",
  "Send the slots as a list.": "أرسل الفترات في قائمة.",
  "Skills cannot be empty": "لا يمكن أن تكون المهارات فارغة",
  "Skills must be a list": "يجب أن تكون المهارات قائمة",
  "Skills to learn must be a list": "يجب أن تكون المهارات المراد تعلمها قائمة",
  "Start the setup again: open Two-step codes in Settings.":
    "ابدأ الإعداد من جديد: افتح رموز التحقق بخطوتين في الإعدادات.",
  'Status must be "going" or "not_going"': 'يجب أن تكون الحالة "going" أو "not_going"',
  "Status must be accepted or rejected.": "يجب أن تكون الحالة accepted أو rejected.",
  "Status must be interested or ignored.": "يجب أن تكون الحالة interested أو ignored.",
  "Suggested a time to meet": "اقترح وقتًا للقاء",
  "Thank you! Your message has been sent. We will reply by email.":
    "شكرًا لك! تم إرسال رسالتك. سنرد عليك عبر البريد الإلكتروني.",
  "Thank you! Your ticket has been submitted.": "شكرًا لك! تم إرسال طلبك.",
  "Thank you. A moderator will look at your report.": "شكرًا لك. سينظر أحد المشرفين في بلاغك.",
  "Thank you. Our team will look at your report.": "شكرًا لك. سينظر فريقنا في بلاغك.",
  "That code did not work. Check your app and try the newest code.":
    "لم ينجح هذا الرمز. تحقق من تطبيقك وجرّب أحدث رمز.",
  "That code did not work. Enter a current code from your app or an unused recovery code.":
    "لم ينجح هذا الرمز. أدخل رمزًا حاليًا من تطبيقك أو رمز استرداد لم يُستخدم.",
  "That code is too long": "هذا الرمز طويل جدًا",
  "That device is not signed in to your account.": "هذا الجهاز غير مسجَّل الدخول إلى حسابك.",
  "That device is signed out.": "تم تسجيل الخروج من هذا الجهاز.",
  "That passkey is not on your account.": "مفتاح المرور هذا ليس في حسابك.",
  "That passkey request took too long. Try again.":
    "استغرق طلب مفتاح المرور وقتًا طويلًا. حاول مرة أخرى.",
  "That recovery code did not work. Each one works only once.":
    "لم ينجح رمز الاسترداد هذا. كل رمز يعمل مرة واحدة فقط.",
  "The check that you are not a robot did not pass. Please try again.":
    "لم ينجح التحقق من أنك لست روبوتًا. يُرجى المحاولة مرة أخرى.",
  "The check that you are not a robot has expired. Please try again.":
    "انتهت صلاحية التحقق من أنك لست روبوتًا. يُرجى المحاولة مرة أخرى.",
  "The code has {OTP_LENGTH} digits": "يتكون الرمز من {OTP_LENGTH} أرقام",
  "The crop must be a rectangle inside the photo: {x, y, width, height} in pixels of the upright picture. Choose the area again.":
    "يجب أن يكون القص مستطيلًا داخل الصورة: {x, y, width, height} بوحدات البكسل للصورة المعتدلة. اختر المنطقة مرة أخرى.",
  "The end must be after the start.": "يجب أن تكون النهاية بعد البداية.",
  "The end must come after the start.": "يجب أن تكون النهاية بعد البداية.",
  "The event is cancelled; everyone going or waiting was told.":
    "أُلغيت الفعالية؛ وأُبلغ كل من كان سيحضر أو ينتظر.",
  "The event is full: you are on the waitlist.": "الفعالية ممتلئة: أنت على قائمة الانتظار.",
  "The file at this address is not a picture we can use (JPEG, PNG, WebP, AVIF or HEIC). Paste the address of the picture itself, or upload the photo.":
    "الملف على هذا العنوان ليس صورة يمكننا استخدامها (JPEG أو PNG أو WebP أو AVIF أو HEIC). الصق عنوان الصورة نفسها أو ارفع الصورة.",
  "The link is incomplete": "الرابط غير مكتمل",
  "The link is not right": "الرابط غير صحيح",
  "The message you reply to is not in this conversation.":
    "الرسالة التي ترد عليها ليست في هذه المحادثة.",
  "The note": "الملاحظة",
  "The passkey could not be checked. Try again.": "تعذر التحقق من مفتاح المرور. حاول مرة أخرى.",
  "The photo at this address could not be fetched. Check the address, or upload the photo instead.":
    "تعذر جلب الصورة من هذا العنوان. تحقق من العنوان أو ارفع الصورة بدلًا من ذلك.",
  "The photo at this address is larger than 10 MB. Paste a smaller one, or upload the photo instead.":
    "الصورة على هذا العنوان أكبر من 10 ميغابايت. الصق صورة أصغر أو ارفع الصورة بدلًا من ذلك.",
  "The photo at this address took too long to arrive. Try again later, or upload the photo instead.":
    "استغرق وصول الصورة من هذا العنوان وقتًا طويلًا. حاول لاحقًا أو ارفع الصورة بدلًا من ذلك.",
  "The place": "المكان",
  "The subscription's auth secret must be 16 bytes (base64url).":
    "يجب أن يكون سر auth للاشتراك 16 بايت (base64url).",
  "The subscription's p256dh key must be a P-256 public key (65 bytes, base64url).":
    "يجب أن يكون مفتاح p256dh للاشتراك مفتاحًا عامًا من نوع P-256 (65 بايت، base64url).",
  "The unsubscribe link is incomplete": "رابط إلغاء الاشتراك غير مكتمل",
  "The unsubscribe link is not valid": "رابط إلغاء الاشتراك غير صالح",
  "The video link": "رابط الفيديو",
  "The website answered that there is no photo at this address. Check the address, or upload the photo instead.":
    "أفاد الموقع بعدم وجود صورة على هذا العنوان. تحقق من العنوان أو ارفع الصورة بدلًا من ذلك.",
  "There is no calendar at this address. It may have been reset.":
    "لا يوجد تقويم على هذا العنوان. ربما أُعيد تعيينه.",
  "There is no decision about your account to appeal.": "لا يوجد قرار بشأن حسابك للطعن فيه.",
  "There is no event of yours with this id.": "ليست لديك فعالية بهذا المعرّف.",
  "There is no event with this id.": "لا توجد فعالية بهذا المعرّف.",
  "There is no post with this id.": "لا يوجد منشور بهذا المعرّف.",
  "There is no reply of yours with this id.": "ليس لديك رد بهذا المعرّف.",
  "There is no study group with this id.": "لا توجد مجموعة دراسة بهذا المعرّف.",
  "There is no university email waiting for a code. Enter your address first.":
    "لا يوجد بريد جامعي بانتظار رمز. أدخل عنوانك أولًا.",
  "This account has been banned.": "تم حظر هذا الحساب.",
  "This account has been deleted. You can read the conversation but not reply.":
    "تم حذف هذا الحساب. يمكنك قراءة المحادثة لكن لا يمكنك الرد.",
  "This appeal does not exist.": "هذا الطعن غير موجود.",
  "This appeal is already decided.": "تم البت في هذا الطعن بالفعل.",
  "This case does not exist.": "هذه القضية غير موجودة.",
  "This case is already closed.": "هذه القضية مغلقة بالفعل.",
  "This check that you are not a robot was already used. Please try again.":
    "استُخدم هذا التحقق من أنك لست روبوتًا من قبل. يُرجى المحاولة مرة أخرى.",
  "This code has been tried too many times. Ask for a new code.":
    "جُرّب هذا الرمز مرات كثيرة جدًا. اطلب رمزًا جديدًا.",
  "This code has expired. Ask for a new code.": "انتهت صلاحية هذا الرمز. اطلب رمزًا جديدًا.",
  "This code is not right, and it has been tried too many times. Ask for a new code.":
    "هذا الرمز غير صحيح، وقد جُرّب مرات كثيرة جدًا. اطلب رمزًا جديدًا.",
  "This code is not right. You have {triesLeft} {tries} left.":
    "هذا الرمز غير صحيح. تبقّى لديك {triesLeft} {tries}.",
  "This code or link is wrong, expired or already used. Ask for a new one.":
    "هذا الرمز أو الرابط غير صحيح أو منتهي الصلاحية أو مستخدم من قبل. اطلب واحدًا جديدًا.",
  "This cursor is not valid": "هذا المؤشر غير صالح",
  "This cursor is not valid; search again from the first page.":
    "هذا المؤشر غير صالح؛ ابحث مرة أخرى من الصفحة الأولى.",
  "This device is not subscribed.": "هذا الجهاز غير مشترك.",
  "This email address cannot be used to sign up.":
    "لا يمكن استخدام عنوان البريد الإلكتروني هذا للتسجيل.",
  "This event has already started, so answers are closed.":
    "بدأت هذه الفعالية بالفعل، لذا أُغلق باب الردود.",
  "This event has already started; it can no longer be cancelled.":
    "بدأت هذه الفعالية بالفعل؛ لم يعد من الممكن إلغاؤها.",
  "This event is already cancelled.": "هذه الفعالية ملغاة بالفعل.",
  "This event was cancelled, so answers are closed.": "أُلغيت هذه الفعالية، لذا أُغلق باب الردود.",
  "This file is not a picture we can use. Choose a JPEG, PNG, WebP, AVIF or HEIC photo.":
    "هذا الملف ليس صورة يمكننا استخدامها. اختر صورة JPEG أو PNG أو WebP أو AVIF أو HEIC.",
  "This file's name or type says one kind of picture but it holds another (a PNG named .jpg, say). Rename it to match, or export it again, and try again.":
    "يشير اسم هذا الملف أو نوعه إلى نوع من الصور لكنه يحتوي على نوع آخر (ملف PNG باسم ‎.jpg مثلًا). غيّر اسمه ليطابق نوعه أو صدّره من جديد، ثم حاول مرة أخرى.",
  "This form could not be sent. Please try again.":
    "تعذر إرسال هذا النموذج. يُرجى المحاولة مرة أخرى.",
  "This is already your email.": "هذا بريدك الإلكتروني بالفعل.",
  "This is not a push subscription a browser makes.":
    "هذا ليس اشتراك إشعارات من النوع الذي ينشئه المتصفح.",
  "This is not a university or college address we know. Use the email your university gave you.":
    "هذا ليس عنوان جامعة أو كلية نعرفه. استخدم البريد الذي منحتك إياه جامعتك.",
  "This is not there, or you cannot see it.": "هذا غير موجود، أو لا يمكنك رؤيته.",
  "This looks like a university address, but we do not know which university it belongs to yet. Try your university's main email domain.":
    "يبدو هذا عنوانًا جامعيًا، لكننا لا نعرف بعد الجامعة التي يتبع لها. جرّب نطاق البريد الرئيسي لجامعتك.",
  "This meet-up is not on any more.": "لم يعد هذا اللقاء قائمًا.",
  "This meet-up was already answered.": "تم الرد على هذا اللقاء بالفعل.",
  "This message is not in the conversation.": "هذه الرسالة ليست في المحادثة.",
  "This message was deleted.": "تم حذف هذه الرسالة.",
  "This passkey is not on any Kindred account. Sign in with your password.":
    "مفتاح المرور هذا ليس في أي حساب على Kindred. سجّل الدخول بكلمة المرور.",
  "This password contains your name or email, which others can guess.":
    "تحتوي كلمة المرور هذه على اسمك أو بريدك الإلكتروني، ويمكن للآخرين تخمينهما.",
  "This password is easy to guess. Add a few more words or characters.":
    "كلمة المرور هذه سهلة التخمين. أضف بضع كلمات أو أحرف أخرى.",
  "This password is not correct; your account was not deleted.":
    "كلمة المرور هذه غير صحيحة؛ لم يُحذف حسابك.",
  "This photo address does not lead to a public website, so Kindred will not fetch it. Paste another one, or upload the photo.":
    "عنوان هذه الصورة لا يقود إلى موقع عام، لذا لن يجلبها Kindred. الصق عنوانًا آخر أو ارفع الصورة.",
  "This photo address sends us on to other addresses too many times. Paste the picture's own address, or upload the photo.":
    "عنوان هذه الصورة يحيلنا إلى عناوين أخرى مرات كثيرة جدًا. الصق عنوان الصورة نفسها أو ارفع الصورة.",
  "This photo has more than 40 megapixels. Resize it to a smaller picture and try again.":
    "تتجاوز هذه الصورة 40 ميغابكسل. صغّر حجمها ثم حاول مرة أخرى.",
  "This photo is larger than 10 MB. Choose a smaller one, or export it at a lower size.":
    "هذه الصورة أكبر من 10 ميغابايت. اختر صورة أصغر أو صدّرها بحجم أقل.",
  "This photo was sent already or is not yours. Add it again.":
    "أُرسلت هذه الصورة من قبل أو أنها ليست لك. أضفها مرة أخرى.",
  "This unsubscribe link is not valid or was already used.":
    "رابط إلغاء الاشتراك هذا غير صالح أو استُخدم من قبل.",
  "This user does not exist.": "هذا المستخدم غير موجود.",
  Title: "العنوان",
  "Too many slots.": "عدد الفترات كبير جدًا.",
  "Topic must be one of {join}": "يجب أن يكون الموضوع واحدًا من: {join}",
  "Two-step codes are already on.": "رموز التحقق بخطوتين مفعّلة بالفعل.",
  "Two-step codes are on for this account. Enter a code from your authenticator app or a recovery code to reset your password.":
    "رموز التحقق بخطوتين مفعّلة لهذا الحساب. أدخل رمزًا من تطبيق المصادقة أو رمز استرداد لإعادة تعيين كلمة المرور.",
  "Type a word to search for.": "اكتب كلمة للبحث عنها.",
  "Type at least {SEARCH_QUERY_MIN_VISIBLE} characters to search":
    "اكتب {SEARCH_QUERY_MIN_VISIBLE} أحرف على الأقل للبحث",
  'Type must be "people", "posts", "groups" or "events"':
    'يجب أن يكون النوع "people" أو "posts" أو "groups" أو "events"',
  "Type something to search for": "اكتب شيئًا للبحث عنه",
  "Type the start of a skill": "اكتب بداية مهارة",
  "Unknown browser": "متصفح غير معروف",
  "Unknown system": "نظام غير معروف",
  "Wait for the check that you are not a robot to finish, then send the form again.":
    "انتظر حتى ينتهي التحقق من أنك لست روبوتًا، ثم أرسل النموذج مرة أخرى.",
  "We sent a 6-digit code and a link. They work for {EMAIL_VERIFICATION_TTL_MINUTES} minutes.":
    "أرسلنا رمزًا من 6 أرقام ورابطًا. يعملان لمدة {EMAIL_VERIFICATION_TTL_MINUTES} دقيقة.",
  "We sent a 6-digit code to your university email. It works for {CAMPUS_CODE_TTL_MINUTES} minutes.":
    "أرسلنا رمزًا من 6 أرقام إلى بريدك الجامعي. يعمل لمدة {CAMPUS_CODE_TTL_MINUTES} دقيقة.",
  "We sent a code to your new address. Your email changes once you enter it (within {EMAIL_VERIFICATION_TTL_MINUTES} minutes).":
    "أرسلنا رمزًا إلى عنوانك الجديد. يتغير بريدك بمجرد إدخاله (خلال {EMAIL_VERIFICATION_TTL_MINUTES} دقيقة).",
  'When must be "upcoming" or "past"': 'يجب أن تكون قيمة when هي "upcoming" أو "past"',
  "Write a message first.": "اكتب رسالة أولًا.",
  "Write a message first. To take it back, delete it.": "اكتب رسالة أولًا. لسحبها، احذفها.",
  "Write the reason the person will read.": "اكتب السبب الذي سيقرؤه الشخص.",
  "Write why the decision should change.": "اكتب لماذا يجب أن يتغير القرار.",
  "You already appealed this decision.": "لقد طعنت في هذا القرار بالفعل.",
  "You already reported this. A moderator will look at it.":
    "لقد أبلغت عن هذا بالفعل. سينظر فيه أحد المشرفين.",
  "You are going.": "أنت ذاهب.",
  "You are not connected with this person.": "لست متصلًا بهذا الشخص.",
  "You are not going.": "لن تذهب.",
  "You are sending messages too fast. Wait a moment and try again.":
    "أنت ترسل الرسائل بسرعة كبيرة. انتظر لحظة ثم حاول مرة أخرى.",
  "You asked for codes several times. Please wait {seconds} seconds, then try again.":
    "طلبت رموزًا عدة مرات. يُرجى الانتظار {seconds} ثانية، ثم المحاولة مرة أخرى.",
  "You can only change your own messages.": "يمكنك تغيير رسائلك فقط.",
  "You can only chat with your connections.": "يمكنك الدردشة مع جهات اتصالك فقط.",
  "You can only create events in a study group you belong to.":
    "يمكنك إنشاء فعاليات فقط في مجموعة دراسة تنتمي إليها.",
  "You can only post and create as yourself.": "يمكنك النشر والإنشاء باسمك فقط.",
  "You can only suggest a time to a connection.": "يمكنك اقتراح وقت على جهة اتصال فقط.",
  "You cannot act on a case about yourself.": "لا يمكنك اتخاذ إجراء في قضية تخصك.",
  "You cannot block yourself.": "لا يمكنك حظر نفسك.",
  "You cannot change your own role.": "لا يمكنك تغيير دورك.",
  "You cannot report yourself.": "لا يمكنك الإبلاغ عن نفسك.",
  "You created this group, so you stay its member. Delete the group if it should end.":
    "أنت من أنشأ هذه المجموعة، لذا تبقى عضوًا فيها. احذف المجموعة إن كان يجب أن تنتهي.",
  "You have been unsubscribed from the Kindred newsletter.":
    "تم إلغاء اشتراكك في النشرة الإخبارية لـ Kindred.",
  "You have no university email.": "ليس لديك بريد جامعي.",
  "You have not blocked this person.": "لم تحظر هذا الشخص.",
  "You have {PASSKEY_MAX_PER_ACCOUNT} passkeys. Remove one you no longer use first.":
    "لديك {PASSKEY_MAX_PER_ACCOUNT} مفاتيح مرور. أزل أولًا مفتاحًا لم تعد تستخدمه.",
  "You host this event, so you are going. Cancel the event instead.":
    "أنت من يستضيف هذه الفعالية، لذا فأنت ذاهب. ألغِ الفعالية بدلًا من ذلك.",
  "You joined the group.": "انضممت إلى المجموعة.",
  "You left the group.": "غادرت المجموعة.",
  "You like this post.": "أعجبك هذا المنشور.",
  "You no longer like this post.": "لم يعد هذا المنشور يعجبك.",
  "You're subscribed. Look out for the Kindred newsletter in your inbox.":
    "تم اشتراكك. ترقّب النشرة الإخبارية لـ Kindred في بريدك الوارد.",
  "Your account and your data were deleted.": "تم حذف حسابك وبياناتك.",
  "Your account is suspended. You can read but not write until the suspension ends.":
    "حسابك موقوف. يمكنك القراءة لكن لا يمكنك الكتابة حتى ينتهي الإيقاف.",
  "Your age can change across {ADULT_AGE} only once. Contact support to change it again.":
    "يمكن أن يتغير عمرك عبر سن {ADULT_AGE} مرة واحدة فقط. تواصل مع الدعم لتغييره مرة أخرى.",
  "Your appeal was sent. A different moderator will decide.": "تم إرسال طعنك. سيبتّ فيه مشرف آخر.",
  "Your calendar address changed; the old one no longer works.":
    "تغير عنوان تقويمك؛ لم يعد العنوان القديم يعمل.",
  "Your community session is missing or has expired. Please log in again.":
    "جلسة المجتمع مفقودة أو منتهية الصلاحية. يُرجى تسجيل الدخول مرة أخرى.",
  "Your current password is not correct.": "كلمة المرور الحالية غير صحيحة.",
  "Your email is already verified.": "تم التحقق من بريدك الإلكتروني بالفعل.",
  "Your email is changed and verified.": "تم تغيير بريدك الإلكتروني والتحقق منه.",
  "Your email is verified.": "تم التحقق من بريدك الإلكتروني.",
  "Your password is not right.": "كلمة المرور غير صحيحة.",
  "Your password was changed; every other device was signed out.":
    "تم تغيير كلمة المرور؛ وتم تسجيل الخروج من كل الأجهزة الأخرى.",
  "Your sign-in took too long. Enter your email and password again.":
    "استغرق تسجيل الدخول وقتًا طويلًا. أدخل بريدك الإلكتروني وكلمة المرور مرة أخرى.",
  "Your university email is already verified. Remove it first to verify another one.":
    "تم التحقق من بريدك الجامعي بالفعل. أزله أولًا للتحقق من بريد آخر.",
  "Your university email is verified. Your university now shows on your card.":
    "تم التحقق من بريدك الجامعي. تظهر جامعتك الآن على بطاقتك.",
  "Your university email was removed, and your card no longer shows a university.":
    "تمت إزالة بريدك الجامعي، ولم تعد بطاقتك تُظهر جامعة.",
  "Your university email.": "بريدك الجامعي.",
  "campus must be 1 or 0": "يجب أن تكون قيمة campus هي 1 أو 0",
  playerId: "playerId",
  "readReceipts is true or false.": "قيمة readReceipts هي true أو false.",
  tries: "محاولات",
  try: "محاولة",
  "{label} cannot contain a NUL character (\\0)": "{label}: لا يمكن أن يحتوي على المحرف NUL (\\0)",
  "{label} is required": "{label}: مطلوب",
  "{label} is too long": "{label}: طويل جدًا",
  "{label} must be an http(s) URL": "{label}: يجب أن يكون عنوان http(s)",
  "{label} must be at most {max} characters": "{label}: {max} حرفًا على الأكثر",
  "{label} must be at most {toLocaleString} characters":
    "{label}: {toLocaleString} حرفًا على الأكثر",
  "{label} must be text": "{label}: يجب أن يكون نصًا",
  "{name} must be a message id.": "{name}: يجب أن يكون معرّف رسالة.",
};
