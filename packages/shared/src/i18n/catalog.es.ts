import type { Catalog } from "./translate.ts";

/**
 * Spanish for the messages the shared schemas and constants produce, keyed by the English text;
 * `{name}` is a value put in (a number, a field's label). The server answers with these, and
 * the web can use them for its own checks of the same schemas.
 */
export const sharedCatalogEs: Catalog = {
  "A cursor pages one kind of result: send its type with it.":
    "Un cursor pagina un solo tipo de resultado: envía su tipo con él.",
  "A different moderator than the one who acted decides the appeal.":
    "La apelación la decide un moderador distinto del que actuó.",
  "A meet-up can last at most {MEETUP_MAX_HOURS} hours.":
    "Un encuentro puede durar como máximo {MEETUP_MAX_HOURS} horas.",
  "A message has at most {CHAT_MESSAGE_MAX_LENGTH} characters.":
    "Un mensaje tiene como máximo {CHAT_MESSAGE_MAX_LENGTH} caracteres.",
  "A message holds at most {CHAT_PHOTOS_PER_MESSAGE} photos.":
    "Un mensaje lleva como máximo {CHAT_PHOTOS_PER_MESSAGE} fotos.",
  "A moderator cannot act on an admin.": "Un moderador no puede actuar sobre un administrador.",
  "A passkey name": "Un nombre de llave de acceso",
  "A passkey name cannot be made only of invisible characters":
    "El nombre de una llave de acceso no puede estar formado solo por caracteres invisibles",
  "A passkey name is at most {PASSKEY_NAME_MAX_LENGTH} characters":
    "El nombre de una llave de acceso tiene como máximo {PASSKEY_NAME_MAX_LENGTH} caracteres",
  "A photo address must start with https://. Paste another one, or upload the photo.":
    "La dirección de una foto debe empezar por https://. Pega otra o sube la foto.",
  "A push endpoint must be a public internet address.":
    "Un punto de envío de notificaciones debe ser una dirección pública de internet.",
  "A push endpoint must be an https address.":
    "Un punto de envío de notificaciones debe ser una dirección https.",
  "A search cannot contain control characters (such as NUL)":
    "Una búsqueda no puede contener caracteres de control (como NUL)",
  "A search has at most {SEARCH_QUERY_MAX_LENGTH} characters":
    "Una búsqueda tiene como máximo {SEARCH_QUERY_MAX_LENGTH} caracteres",
  "A skill": "Una habilidad",
  "A skill cannot be made only of invisible characters":
    "Una habilidad no puede estar formada solo por caracteres invisibles",
  "A skill must be at most {SKILL_MAX_LENGTH} characters":
    "Una habilidad debe tener como máximo {SKILL_MAX_LENGTH} caracteres",
  About: "Sobre mí",
  "About must be at most {ABOUT_MAX_LENGTH} characters":
    "«Sobre mí» debe tener como máximo {ABOUT_MAX_LENGTH} caracteres",
  "Add at least {MIN_SKILLS} different skills": "Añade al menos {MIN_SKILLS} habilidades distintas",
  "Add at most {MAX_LEARNING} skills to learn":
    "Añade como máximo {MAX_LEARNING} habilidades que aprender",
  "Add at most {MAX_SKILLS} skills": "Añade como máximo {MAX_SKILLS} habilidades",
  "Add your age to see people": "Añade tu edad para ver personas",
  "Add your age to start discovering people": "Añade tu edad para empezar a descubrir personas",
  "Add your age to your profile before you connect or chat with people.":
    "Añade tu edad a tu perfil antes de conectar o chatear con otras personas.",
  "Addresses from throwaway mail services can't be used here. Please use an email you keep.":
    "Aquí no se pueden usar direcciones de correos desechables. Usa un correo que conserves.",
  "Age must be a whole number from {AGE_MIN} to {AGE_MAX}":
    "La edad debe ser un número entero de {AGE_MIN} a {AGE_MAX}",
  "An account with this email already exists.": "Ya existe una cuenta con este correo.",
  "An appeal has at most {APPEAL_MAX_LENGTH} characters.":
    "Una apelación tiene como máximo {APPEAL_MAX_LENGTH} caracteres.",
  "An interest": "Un interés",
  "An interest must be at most {SKILL_MAX_LENGTH} characters":
    "Un interés debe tener como máximo {SKILL_MAX_LENGTH} caracteres",
  "Another account has already verified this university email.":
    "Otra cuenta ya ha verificado este correo universitario.",
  "Appeals are possible for {APPEAL_WINDOW_DAYS} days after a decision.":
    "Se puede apelar durante {APPEAL_WINDOW_DAYS} días después de una decisión.",
  "Blocked. You will not see each other again.": "Bloqueado. No os volveréis a ver.",
  "Both Password and Re Entered password should be same":
    "La contraseña y la contraseña repetida deben coincidir",
  "Capacity must be a whole number from 1 to {toLocaleString}, or empty for no limit":
    "La capacidad debe ser un número entero de 1 a {toLocaleString}, o quedar vacía para no tener límite",
  "Change at least one of the name, the description or the topic.":
    "Cambia al menos el nombre, la descripción o el tema.",
  "Choose 1, 7 or 30 days.": "Elige 1, 7 o 30 días.",
  "Choose a language: en, es or ar.": "Elige un idioma: en, es o ar.",
  "Choose a photo to upload.": "Elige una foto para subir.",
  "Choose a reason.": "Elige un motivo.",
  "Choose a time in the future.": "Elige una hora en el futuro.",
  "Choose a time within the next {MEETUP_MAX_DAYS_AHEAD} days.":
    "Elige una hora dentro de los próximos {MEETUP_MAX_DAYS_AHEAD} días.",
  "Choose a time zone such as Europe/Madrid.": "Elige una zona horaria como Europe/Madrid.",
  "Choose one of the listed topics": "Elige uno de los temas de la lista",
  "Connection removed.": "Conexión eliminada.",
  Content: "El contenido",
  "Conversation deleted.": "Conversación eliminada.",
  "Current password": "La contraseña actual",
  "Date is required": "La fecha es obligatoria",
  "Date must be an ISO 8601 date and time, e.g. 2030-05-17T18:00:00Z":
    "La fecha debe ser una fecha y hora ISO 8601, p. ej. 2030-05-17T18:00:00Z",
  "Deleted the reply.": "Respuesta eliminada.",
  Description: "La descripción",
  "Details have at most {REPORT_DETAILS_MAX_LENGTH} characters.":
    "Los detalles tienen como máximo {REPORT_DETAILS_MAX_LENGTH} caracteres.",
  "Done. The person has been told.": "Hecho. Se ha avisado a la persona.",
  "Each skill must be at most {SKILL_MAX_LENGTH} characters":
    "Cada habilidad debe tener como máximo {SKILL_MAX_LENGTH} caracteres",
  "Each skill must be text": "Cada habilidad debe ser texto",
  "Each slot is a day from 0 (Sunday) to 6 and an hour from 0 to 23.":
    "Cada franja es un día de 0 (domingo) a 6 y una hora de 0 a 23.",
  "Email is required": "El correo es obligatorio",
  "Email is too long": "El correo es demasiado largo",
  "Enter a valid email address": "Introduce un correo válido",
  "Enter an interest": "Introduce un interés",
  "Enter full OTP": "Introduce el código completo",
  "Enter one of your recovery codes, like abcde-12345.":
    "Introduce uno de tus códigos de recuperación, como abcde-12345.",
  "Enter the 6-digit code from your authenticator app.":
    "Introduce el código de 6 dígitos de tu app de autenticación.",
  "Enter the code": "Introduce el código",
  "Enter your age": "Introduce tu edad",
  "Every other device is signed out.": "Se ha cerrado la sesión en todos los demás dispositivos.",
  "First name": "El nombre",
  "First name cannot be made only of invisible characters":
    "El nombre no puede estar formado solo por caracteres invisibles",
  "First name is required": "El nombre es obligatorio",
  "First name must be at most {NAME_MAX_LENGTH} characters":
    "El nombre debe tener como máximo {NAME_MAX_LENGTH} caracteres",
  "Gender must be male, female or other": "El género debe ser hombre, mujer u otro",
  "Give the end as an ISO date and time.": "Indica el final como fecha y hora ISO.",
  "Give the passkey a name": "Ponle un nombre a la llave de acceso",
  "Give the start as an ISO date and time.": "Indica el inicio como fecha y hora ISO.",
  "Group must be a study group's id": "El grupo debe ser el id de un grupo de estudio",
  "Group updated.": "Grupo actualizado.",
  "Here is what matches your search.": "Esto es lo que coincide con tu búsqueda.",
  "I'm not a robot": "No soy un robot",
  "Incorrect username or password.": "Usuario o contraseña incorrectos.",
  "Instagram link": "El enlace de Instagram",
  "Invalid email address": "Correo no válido",
  "Invalid or expired code": "Código no válido o caducado",
  "Join the group to post or reply in it.": "Únete al grupo para publicar o responder en él.",
  "Last name": "El apellido",
  "Last name cannot be made only of invisible characters":
    "El apellido no puede estar formado solo por caracteres invisibles",
  "Last name must be at most {NAME_MAX_LENGTH} characters":
    "El apellido debe tener como máximo {NAME_MAX_LENGTH} caracteres",
  "Limit must be a whole number from 1 to {COMMUNITY_LIST_MAX_LIMIT}":
    "El límite debe ser un número entero de 1 a {COMMUNITY_LIST_MAX_LIMIT}",
  "Limit must be a whole number from 1 to {SKILL_SUGGESTIONS_MAX_LIMIT}":
    "El límite debe ser un número entero de 1 a {SKILL_SUGGESTIONS_MAX_LIMIT}",
  Location: "El lugar",
  "Matches loaded": "Coincidencias cargadas",
  Message: "El mensaje",
  "Message cannot be made only of invisible characters":
    "El mensaje no puede estar formado solo por caracteres invisibles",
  "Message deleted": "Mensaje eliminado",
  "Message is required": "El mensaje es obligatorio",
  "Message must be at most {PUBLIC_MESSAGE_MAX_LENGTH} characters":
    "El mensaje debe tener como máximo {PUBLIC_MESSAGE_MAX_LENGTH} caracteres",
  Name: "El nombre",
  "Name cannot be made only of invisible characters":
    "El nombre no puede estar formado solo por caracteres invisibles",
  "Name is required": "El nombre es obligatorio",
  "Name must be at most {PUBLIC_NAME_MAX_LENGTH} characters":
    "El nombre debe tener como máximo {PUBLIC_NAME_MAX_LENGTH} caracteres",
  "Name the notifications to mark as read, or all of them.":
    "Indica qué notificaciones marcar como leídas, o todas.",
  "New accounts can send {limit} requests a day. You can send more tomorrow.":
    "Las cuentas nuevas pueden enviar {limit} solicitudes al día. Podrás enviar más mañana.",
  "New accounts can start {limit} conversations a day. You can start more tomorrow.":
    "Las cuentas nuevas pueden iniciar {limit} conversaciones al día. Podrás iniciar más mañana.",
  "No matches found. Try another interest!": "No hay coincidencias. ¡Prueba con otro interés!",
  "No such id.": "No existe ese id.",
  "No such meet-up.": "No existe ese encuentro.",
  "No such person.": "No existe esa persona.",
  "Nothing matches your search yet. Check the spelling or try fewer words.":
    "Todavía nada coincide con tu búsqueda. Revisa la ortografía o prueba con menos palabras.",
  "Notification settings saved.": "Ajustes de notificaciones guardados.",
  "Only the group's creator can change it.": "Solo quien creó el grupo puede cambiarlo.",
  "Only the person it was suggested to can answer it.":
    "Solo puede responder la persona a la que se le propuso.",
  "Other link": "El otro enlace",
  "Passkey added. Next time, sign in with it instead of your password.":
    "Llave de acceso añadida. La próxima vez, inicia sesión con ella en lugar de tu contraseña.",
  "Passkey removed. It no longer signs you in.":
    "Llave de acceso eliminada. Ya no sirve para iniciar sesión.",
  "Passkey renamed.": "Llave de acceso renombrada.",
  Password: "La contraseña",
  "Password is required": "La contraseña es obligatoria",
  "Password is too long": "La contraseña es demasiado larga",
  "Password must be at least {PASSWORD_MIN_LENGTH} characters":
    "La contraseña debe tener al menos {PASSWORD_MIN_LENGTH} caracteres",
  "Password must be at most {PASSWORD_MAX_LENGTH} characters":
    "La contraseña debe tener como máximo {PASSWORD_MAX_LENGTH} caracteres",
  "People aged 13 to 17 and people 18 or over cannot connect or chat with each other.":
    "Las personas de 13 a 17 años y las de 18 o más no pueden conectar ni chatear entre sí.",
  "People aged 13 to 17 meet only each other, and so do people {ADULT_AGE} or over.":
    "Las personas de 13 a 17 años solo se conocen entre sí, y lo mismo ocurre con las de {ADULT_AGE} o más.",
  "Photo URL": "La dirección de la foto",
  "Photo removed": "Foto eliminada",
  "Photo saved": "Foto guardada",
  "Please confirm that you are 13 or over and accept the Terms":
    "Confirma que tienes 13 años o más y aceptas las Condiciones",
  "Please remove offensive words.": "Quita las palabras ofensivas.",
  "Please verify your email first: enter the 6-digit code we sent you, or ask for a new one.":
    "Primero verifica tu correo: introduce el código de 6 dígitos que te enviamos o pide uno nuevo.",
  "Profile Saved Successfully": "Perfil guardado correctamente",
  "React with one of {join}.": "Reacciona con uno de estos: {join}.",
  "Reply is required": "La respuesta es obligatoria",
  "Reply must be at most {toLocaleString} characters":
    "La respuesta debe tener como máximo {toLocaleString} caracteres",
  "Reply posted.": "Respuesta publicada.",
  "Role saved.": "Rol guardado.",
  "Send one photo at a time.": "Envía las fotos de una en una.",
  "Send only the fields photo and crop.": "Envía solo los campos photo y crop.",
  "Send readReceipts, timeZone or locale.": "Envía readReceipts, timeZone o locale.",
  "Send the photo as a file upload (multipart/form-data) with the picture in a field named photo.":
    "Envía la foto como archivo (multipart/form-data), con la imagen en un campo llamado photo.",
  "Send the slots as a list.": "Envía las franjas como una lista.",
  "Skills cannot be empty": "Las habilidades no pueden estar vacías",
  "Skills must be a list": "Las habilidades deben ser una lista",
  "Skills to learn must be a list": "Las habilidades que aprender deben ser una lista",
  "Start the setup again: open Two-step codes in Settings.":
    "Empieza de nuevo la configuración: abre Códigos en dos pasos en Ajustes.",
  'Status must be "going" or "not_going"': 'El estado debe ser "going" o "not_going"',
  "Status must be accepted or rejected.": "El estado debe ser accepted o rejected.",
  "Status must be interested or ignored.": "El estado debe ser interested o ignored.",
  "Suggested a time to meet": "Ha propuesto una hora para quedar",
  "Thank you! Your message has been sent. We will reply by email.":
    "¡Gracias! Tu mensaje se ha enviado. Te responderemos por correo.",
  "Thank you! Your ticket has been submitted.": "¡Gracias! Tu solicitud se ha enviado.",
  "Thank you. A moderator will look at your report.": "Gracias. Un moderador revisará tu denuncia.",
  "Thank you. Our team will look at your report.": "Gracias. Nuestro equipo revisará tu denuncia.",
  "That code did not work. Check your app and try the newest code.":
    "Ese código no ha funcionado. Revisa tu app y prueba con el código más reciente.",
  "That code did not work. Enter a current code from your app or an unused recovery code.":
    "Ese código no ha funcionado. Introduce un código actual de tu app o un código de recuperación sin usar.",
  "That code is too long": "Ese código es demasiado largo",
  "That device is not signed in to your account.":
    "Ese dispositivo no tiene la sesión iniciada en tu cuenta.",
  "That device is signed out.": "Se ha cerrado la sesión en ese dispositivo.",
  "That passkey is not on your account.": "Esa llave de acceso no está en tu cuenta.",
  "That passkey request took too long. Try again.":
    "La solicitud de la llave de acceso tardó demasiado. Inténtalo de nuevo.",
  "That recovery code did not work. Each one works only once.":
    "Ese código de recuperación no ha funcionado. Cada uno sirve una sola vez.",
  "The check that you are not a robot did not pass. Please try again.":
    "La comprobación de que no eres un robot no se ha superado. Inténtalo de nuevo.",
  "The check that you are not a robot has expired. Please try again.":
    "La comprobación de que no eres un robot ha caducado. Inténtalo de nuevo.",
  "The code has {OTP_LENGTH} digits": "El código tiene {OTP_LENGTH} dígitos",
  "The crop must be a rectangle inside the photo: {x, y, width, height} in pixels of the upright picture. Choose the area again.":
    "El recorte debe ser un rectángulo dentro de la foto: {x, y, width, height} en píxeles de la imagen derecha. Vuelve a elegir la zona.",
  "The end must be after the start.": "El final debe ser posterior al inicio.",
  "The end must come after the start.": "El final debe ser posterior al inicio.",
  "The event is cancelled; everyone going or waiting was told.":
    "El evento está cancelado; se ha avisado a todas las personas que iban o esperaban.",
  "The event is full: you are on the waitlist.":
    "El evento está completo: estás en la lista de espera.",
  "The file at this address is not a picture we can use (JPEG, PNG, WebP, AVIF or HEIC). Paste the address of the picture itself, or upload the photo.":
    "El archivo de esta dirección no es una imagen que podamos usar (JPEG, PNG, WebP, AVIF o HEIC). Pega la dirección de la propia imagen o sube la foto.",
  "The link is incomplete": "El enlace está incompleto",
  "The link is not right": "El enlace no es correcto",
  "The message you reply to is not in this conversation.":
    "El mensaje al que respondes no está en esta conversación.",
  "The note": "La nota",
  "The passkey could not be checked. Try again.":
    "No se pudo comprobar la llave de acceso. Inténtalo de nuevo.",
  "The photo at this address could not be fetched. Check the address, or upload the photo instead.":
    "No se pudo obtener la foto de esta dirección. Revisa la dirección o sube la foto.",
  "The photo at this address is larger than 10 MB. Paste a smaller one, or upload the photo instead.":
    "La foto de esta dirección ocupa más de 10 MB. Pega una más pequeña o sube la foto.",
  "The photo at this address took too long to arrive. Try again later, or upload the photo instead.":
    "La foto de esta dirección tardó demasiado en llegar. Inténtalo más tarde o sube la foto.",
  "The place": "El lugar",
  "The subscription's auth secret must be 16 bytes (base64url).":
    "El secreto auth de la suscripción debe tener 16 bytes (base64url).",
  "The subscription's p256dh key must be a P-256 public key (65 bytes, base64url).":
    "La clave p256dh de la suscripción debe ser una clave pública P-256 (65 bytes, base64url).",
  "The unsubscribe link is incomplete": "El enlace para darse de baja está incompleto",
  "The unsubscribe link is not valid": "El enlace para darse de baja no es válido",
  "The video link": "El enlace del vídeo",
  "The website answered that there is no photo at this address. Check the address, or upload the photo instead.":
    "El sitio web respondió que no hay ninguna foto en esta dirección. Revisa la dirección o sube la foto.",
  "There is no calendar at this address. It may have been reset.":
    "No hay ningún calendario en esta dirección. Puede que se haya restablecido.",
  "There is no decision about your account to appeal.":
    "No hay ninguna decisión sobre tu cuenta que apelar.",
  "There is no event of yours with this id.": "No tienes ningún evento con este id.",
  "There is no event with this id.": "No hay ningún evento con este id.",
  "There is no post with this id.": "No hay ninguna publicación con este id.",
  "There is no reply of yours with this id.": "No tienes ninguna respuesta con este id.",
  "There is no study group with this id.": "No hay ningún grupo de estudio con este id.",
  "There is no university email waiting for a code. Enter your address first.":
    "No hay ningún correo universitario esperando un código. Introduce primero tu dirección.",
  "This account has been banned.": "Esta cuenta ha sido expulsada.",
  "This account has been deleted. You can read the conversation but not reply.":
    "Esta cuenta se ha eliminado. Puedes leer la conversación, pero no responder.",
  "This appeal does not exist.": "Esta apelación no existe.",
  "This appeal is already decided.": "Esta apelación ya está decidida.",
  "This case does not exist.": "Este caso no existe.",
  "This case is already closed.": "Este caso ya está cerrado.",
  "This check that you are not a robot was already used. Please try again.":
    "Esta comprobación de que no eres un robot ya se usó. Inténtalo de nuevo.",
  "This code has been tried too many times. Ask for a new code.":
    "Este código se ha intentado demasiadas veces. Pide uno nuevo.",
  "This code has expired. Ask for a new code.": "Este código ha caducado. Pide uno nuevo.",
  "This code is not right, and it has been tried too many times. Ask for a new code.":
    "Este código no es correcto y se ha intentado demasiadas veces. Pide uno nuevo.",
  "This code is not right. You have {triesLeft} {tries} left.":
    "Este código no es correcto. Te quedan {triesLeft} {tries}.",
  "This code or link is wrong, expired or already used. Ask for a new one.":
    "Este código o enlace es incorrecto, ha caducado o ya se usó. Pide uno nuevo.",
  "This cursor is not valid": "Este cursor no es válido",
  "This cursor is not valid; search again from the first page.":
    "Este cursor no es válido; busca de nuevo desde la primera página.",
  "This device is not subscribed.": "Este dispositivo no está suscrito.",
  "This email address cannot be used to sign up.":
    "Esta dirección de correo no se puede usar para registrarse.",
  "This event has already started, so answers are closed.":
    "Este evento ya ha empezado, así que no se admiten más respuestas.",
  "This event has already started; it can no longer be cancelled.":
    "Este evento ya ha empezado; ya no se puede cancelar.",
  "This event is already cancelled.": "Este evento ya está cancelado.",
  "This event was cancelled, so answers are closed.":
    "Este evento se canceló, así que no se admiten más respuestas.",
  "This file is not a picture we can use. Choose a JPEG, PNG, WebP, AVIF or HEIC photo.":
    "Este archivo no es una imagen que podamos usar. Elige una foto JPEG, PNG, WebP, AVIF o HEIC.",
  "This file's name or type says one kind of picture but it holds another (a PNG named .jpg, say). Rename it to match, or export it again, and try again.":
    "El nombre o el tipo de este archivo indica un tipo de imagen, pero contiene otro (por ejemplo, un PNG llamado .jpg). Cámbiale el nombre para que coincida, o vuelve a exportarlo, e inténtalo de nuevo.",
  "This form could not be sent. Please try again.":
    "No se pudo enviar este formulario. Inténtalo de nuevo.",
  "This is already your email.": "Este ya es tu correo.",
  "This is not a push subscription a browser makes.":
    "Esta no es una suscripción de notificaciones de las que crea un navegador.",
  "This is not a university or college address we know. Use the email your university gave you.":
    "No conocemos esta dirección como universitaria. Usa el correo que te dio tu universidad.",
  "This is not there, or you cannot see it.": "Esto no existe, o no puedes verlo.",
  "This looks like a university address, but we do not know which university it belongs to yet. Try your university's main email domain.":
    "Parece una dirección universitaria, pero aún no sabemos a qué universidad pertenece. Prueba con el dominio de correo principal de tu universidad.",
  "This meet-up is not on any more.": "Este encuentro ya no sigue en pie.",
  "This meet-up was already answered.": "Este encuentro ya tiene respuesta.",
  "This message is not in the conversation.": "Este mensaje no está en la conversación.",
  "This message was deleted.": "Este mensaje se eliminó.",
  "This passkey is not on any Kindred account. Sign in with your password.":
    "Esta llave de acceso no está en ninguna cuenta de Kindred. Inicia sesión con tu contraseña.",
  "This password contains your name or email, which others can guess.":
    "Esta contraseña contiene tu nombre o tu correo, que otras personas pueden adivinar.",
  "This password is easy to guess. Add a few more words or characters.":
    "Esta contraseña es fácil de adivinar. Añade algunas palabras o caracteres más.",
  "This password is not correct; your account was not deleted.":
    "Esta contraseña no es correcta; tu cuenta no se ha eliminado.",
  "This photo address does not lead to a public website, so Kindred will not fetch it. Paste another one, or upload the photo.":
    "La dirección de esta foto no lleva a un sitio web público, así que Kindred no la descargará. Pega otra o sube la foto.",
  "This photo address sends us on to other addresses too many times. Paste the picture's own address, or upload the photo.":
    "La dirección de esta foto nos redirige a otras demasiadas veces. Pega la dirección de la propia imagen o sube la foto.",
  "This photo has more than 40 megapixels. Resize it to a smaller picture and try again.":
    "Esta foto tiene más de 40 megapíxeles. Redúcela a una imagen más pequeña e inténtalo de nuevo.",
  "This photo is larger than 10 MB. Choose a smaller one, or export it at a lower size.":
    "Esta foto ocupa más de 10 MB. Elige una más pequeña o expórtala con menos tamaño.",
  "This photo was sent already or is not yours. Add it again.":
    "Esta foto ya se envió o no es tuya. Vuelve a añadirla.",
  "This unsubscribe link is not valid or was already used.":
    "Este enlace para darse de baja no es válido o ya se usó.",
  "This user does not exist.": "Este usuario no existe.",
  Title: "El título",
  "Too many slots.": "Demasiadas franjas.",
  "Topic must be one of {join}": "El tema debe ser uno de estos: {join}",
  "Two-step codes are already on.": "Los códigos en dos pasos ya están activados.",
  "Two-step codes are on for this account. Enter a code from your authenticator app or a recovery code to reset your password.":
    "Esta cuenta tiene activados los códigos en dos pasos. Introduce un código de tu app de autenticación o un código de recuperación para restablecer tu contraseña.",
  "Type a word to search for.": "Escribe una palabra para buscar.",
  "Type at least {SEARCH_QUERY_MIN_VISIBLE} characters to search":
    "Escribe al menos {SEARCH_QUERY_MIN_VISIBLE} caracteres para buscar",
  'Type must be "people", "posts", "groups" or "events"':
    'El tipo debe ser "people", "posts", "groups" o "events"',
  "Type something to search for": "Escribe algo para buscar",
  "Type the start of a skill": "Escribe el principio de una habilidad",
  "Unknown browser": "Navegador desconocido",
  "Unknown system": "Sistema desconocido",
  "Wait for the check that you are not a robot to finish, then send the form again.":
    "Espera a que termine la comprobación de que no eres un robot y vuelve a enviar el formulario.",
  "We sent a 6-digit code and a link. They work for {EMAIL_VERIFICATION_TTL_MINUTES} minutes.":
    "Te hemos enviado un código de 6 dígitos y un enlace. Sirven durante {EMAIL_VERIFICATION_TTL_MINUTES} minutos.",
  "We sent a 6-digit code to your university email. It works for {CAMPUS_CODE_TTL_MINUTES} minutes.":
    "Te hemos enviado un código de 6 dígitos a tu correo universitario. Sirve durante {CAMPUS_CODE_TTL_MINUTES} minutos.",
  "We sent a code to your new address. Your email changes once you enter it (within {EMAIL_VERIFICATION_TTL_MINUTES} minutes).":
    "Te hemos enviado un código a tu nueva dirección. Tu correo cambiará cuando lo introduzcas (en un plazo de {EMAIL_VERIFICATION_TTL_MINUTES} minutos).",
  'When must be "upcoming" or "past"': 'When debe ser "upcoming" o "past"',
  "Write a message first.": "Escribe primero un mensaje.",
  "Write a message first. To take it back, delete it.":
    "Escribe primero un mensaje. Para retirarlo, elimínalo.",
  "Write the reason the person will read.": "Escribe el motivo que leerá la persona.",
  "Write why the decision should change.": "Escribe por qué debería cambiar la decisión.",
  "You already appealed this decision.": "Ya apelaste esta decisión.",
  "You already reported this. A moderator will look at it.":
    "Ya lo denunciaste. Un moderador lo revisará.",
  "You are going.": "Vas a ir.",
  "You are not connected with this person.": "No estás conectado con esta persona.",
  "You are not going.": "No vas a ir.",
  "You are sending messages too fast. Wait a moment and try again.":
    "Estás enviando mensajes demasiado rápido. Espera un momento e inténtalo de nuevo.",
  "You asked for codes several times. Please wait {seconds} seconds, then try again.":
    "Has pedido códigos varias veces. Espera {seconds} segundos y vuelve a intentarlo.",
  "You can only change your own messages.": "Solo puedes cambiar tus propios mensajes.",
  "You can only chat with your connections.": "Solo puedes chatear con tus conexiones.",
  "You can only create events in a study group you belong to.":
    "Solo puedes crear eventos en un grupo de estudio al que pertenezcas.",
  "You can only post and create as yourself.": "Solo puedes publicar y crear en tu propio nombre.",
  "You can only suggest a time to a connection.": "Solo puedes proponer una hora a una conexión.",
  "You cannot act on a case about yourself.": "No puedes actuar sobre un caso que trata de ti.",
  "You cannot block yourself.": "No puedes bloquearte a ti mismo.",
  "You cannot change your own role.": "No puedes cambiar tu propio rol.",
  "You cannot report yourself.": "No puedes denunciarte a ti mismo.",
  "You created this group, so you stay its member. Delete the group if it should end.":
    "Creaste este grupo, así que sigues siendo miembro. Elimina el grupo si debe terminar.",
  "You have been unsubscribed from the Kindred newsletter.":
    "Te has dado de baja del boletín de Kindred.",
  "You have no university email.": "No tienes correo universitario.",
  "You have not blocked this person.": "No has bloqueado a esta persona.",
  "You have {PASSKEY_MAX_PER_ACCOUNT} passkeys. Remove one you no longer use first.":
    "Tienes {PASSKEY_MAX_PER_ACCOUNT} llaves de acceso. Quita primero una que ya no uses.",
  "You host this event, so you are going. Cancel the event instead.":
    "Organizas este evento, así que vas a ir. Si no, cancela el evento.",
  "You joined the group.": "Te has unido al grupo.",
  "You left the group.": "Has salido del grupo.",
  "You like this post.": "Te gusta esta publicación.",
  "You no longer like this post.": "Ya no te gusta esta publicación.",
  "You're subscribed. Look out for the Kindred newsletter in your inbox.":
    "Te has suscrito. Busca el boletín de Kindred en tu bandeja de entrada.",
  "Your account and your data were deleted.": "Tu cuenta y tus datos se han eliminado.",
  "Your account is suspended. You can read but not write until the suspension ends.":
    "Tu cuenta está suspendida. Puedes leer, pero no escribir hasta que termine la suspensión.",
  "Your age can change across {ADULT_AGE} only once. Contact support to change it again.":
    "Tu edad solo puede cruzar los {ADULT_AGE} años una vez. Contacta con soporte para volver a cambiarla.",
  "Your appeal was sent. A different moderator will decide.":
    "Tu apelación se ha enviado. Decidirá otro moderador.",
  "Your calendar address changed; the old one no longer works.":
    "La dirección de tu calendario ha cambiado; la antigua ya no funciona.",
  "Your community session is missing or has expired. Please log in again.":
    "Tu sesión de la comunidad falta o ha caducado. Vuelve a iniciar sesión.",
  "Your current password is not correct.": "Tu contraseña actual no es correcta.",
  "Your email is already verified.": "Tu correo ya está verificado.",
  "Your email is changed and verified.": "Tu correo se ha cambiado y verificado.",
  "Your email is verified.": "Tu correo está verificado.",
  "Your password is not right.": "Tu contraseña no es correcta.",
  "Your password was changed; every other device was signed out.":
    "Tu contraseña se ha cambiado; se ha cerrado la sesión en todos los demás dispositivos.",
  "Your sign-in took too long. Enter your email and password again.":
    "El inicio de sesión tardó demasiado. Vuelve a introducir tu correo y tu contraseña.",
  "Your university email is already verified. Remove it first to verify another one.":
    "Tu correo universitario ya está verificado. Quítalo primero para verificar otro.",
  "Your university email is verified. Your university now shows on your card.":
    "Tu correo universitario está verificado. Tu universidad ya aparece en tu tarjeta.",
  "Your university email was removed, and your card no longer shows a university.":
    "Tu correo universitario se ha quitado y tu tarjeta ya no muestra ninguna universidad.",
  "Your university email.": "Tu correo universitario.",
  "campus must be 1 or 0": "campus debe ser 1 o 0",
  playerId: "playerId",
  "readReceipts is true or false.": "readReceipts es true o false.",
  tries: "intentos",
  try: "intento",
  "{label} cannot contain a NUL character (\\0)": "{label} no puede contener un carácter NUL (\\0)",
  "{label} is required": "{label}: es obligatorio",
  "{label} is too long": "{label}: es demasiado largo",
  "{label} must be an http(s) URL": "{label} debe ser una dirección http(s)",
  "{label} must be at most {max} characters": "{label}: como máximo {max} caracteres",
  "{label} must be at most {toLocaleString} characters":
    "{label}: como máximo {toLocaleString} caracteres",
  "{label} must be text": "{label} debe ser texto",
  "{name} must be a message id.": "{name} debe ser el id de un mensaje.",
};
