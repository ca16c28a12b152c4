import type { Catalog } from "@kindred/shared";

/**
 * Spanish for the server's own messages (the shared ones are in packages/shared), keyed by the
 * English text; `{name}` is a value put in.
 */
export const serverCatalogEs: Catalog = {
  "A part of this address is too long.": "Una parte de esta dirección es demasiado larga.",
  "A person cannot be removed; suspend or ban them.":
    "A una persona no se la puede retirar; suspéndela o expúlsala.",
  "Account created successfully": "Cuenta creada correctamente",
  "Appeal overturned": "Apelación aceptada: decisión revocada",
  "Appeal upheld": "Apelación rechazada: decisión mantenida",
  Appeals: "Apelaciones",
  "Availability loaded": "Disponibilidad cargada",
  "Availability saved": "Disponibilidad guardada",
  "Block lifted": "Bloqueo retirado",
  "Blocked people loaded": "Personas bloqueadas cargadas",
  Case: "Caso",
  "Choose your passkey.": "Elige tu llave de acceso.",
  "Code verified. Choose a new password.": "Código verificado. Elige una contraseña nueva.",
  "Connections loaded": "Conexiones cargadas",
  "Conversations loaded": "Conversaciones cargadas",
  "Deleted the event": "Evento eliminado",
  "Deleted the group": "Grupo eliminado",
  "Deleted the post": "Publicación eliminada",
  Devices: "Dispositivos",
  "Enter the code from your authenticator app.": "Introduce el código de tu app de autenticación.",
  Event: "Evento",
  "Event created": "Evento creado",
  "Events are JSON.": "Los eventos son JSON.",
  "Follow your browser to create the passkey.":
    "Sigue las indicaciones del navegador para crear la llave de acceso.",
  Group: "Grupo",
  "Group created": "Grupo creado",
  "If an account uses this email, we have sent it a 6-digit code. It is valid for {OTP_TTL_MINUTES} minutes.":
    "Si alguna cuenta usa este correo, le hemos enviado un código de 6 dígitos. Es válido durante {OTP_TTL_MINUTES} minutos.",
  "Incorrect email or password.": "Correo o contraseña incorrectos.",
  "It ends {date}.": "Termina el {date}.",
  "Kindred cannot reach its database right now. Please try again in a few seconds.":
    "Kindred no puede acceder ahora a su base de datos. Inténtalo de nuevo en unos segundos.",
  "Kindred is restarting. Try again in a moment.":
    "Kindred se está reiniciando. Inténtalo de nuevo en un momento.",
  "Kindred is shutting down.": "Kindred se está apagando.",
  "Kindred is starting. Try again in a moment.":
    "Kindred se está iniciando. Inténtalo de nuevo en un momento.",
  "Kindred is starting: the database is being prepared.":
    "Kindred se está iniciando: se está preparando la base de datos.",
  "Log in again.": "Vuelve a iniciar sesión.",
  "Log in to appeal.": "Inicia sesión para apelar.",
  "Logged in successfully": "Sesión iniciada correctamente",
  "Logged out successfully": "Sesión cerrada correctamente",
  "Many photos are being processed right now. Try again in a few seconds.":
    "Ahora mismo se están procesando muchas fotos. Inténtalo de nuevo en unos segundos.",
  "Marked as read": "Marcado como leído",
  "Message edited": "Mensaje editado",
  "Message sent": "Mensaje enviado",
  "Messages loaded": "Mensajes cargados",
  "New recovery codes. The old ones no longer work.":
    "Códigos de recuperación nuevos. Los antiguos ya no funcionan.",
  "No skills found": "No se han encontrado habilidades",
  "No such avatar.": "No existe ese avatar.",
  "No such photo in this case.": "No existe esa foto en este caso.",
  "No such photo.": "No existe esa foto.",
  "Not found.": "No encontrado.",
  "Notification settings loaded": "Ajustes de notificaciones cargados",
  OK: "De acuerdo",
  "Overlap loaded": "Coincidencias de horario cargadas",
  Passkeys: "Llaves de acceso",
  "Photo ready to send": "Foto lista para enviar",
  "Please log in again.": "Vuelve a iniciar sesión.",
  "Please log in to continue.": "Inicia sesión para continuar.",
  Post: "Publicación",
  "Post published": "Publicación publicada",
  "Profile found": "Perfil encontrado",
  "Public profile URL": "Dirección del perfil público",
  "Reaction added": "Reacción añadida",
  "Reaction removed": "Reacción quitada",
  Ready: "Listo",
  "Remove is for content: a post, reply, group, event or message.":
    "Retirar es para contenido: una publicación, respuesta, grupo, evento o mensaje.",
  "Request accepted": "Solicitud aceptada",
  "Request rejected": "Solicitud rechazada",
  "Request sent": "Solicitud enviada",
  "Request undone": "Solicitud retirada",
  "Requests loaded": "Solicitudes cargadas",
  "Scan the code with your authenticator app.": "Escanea el código con tu app de autenticación.",
  "Send only the field photo.": "Envía solo el campo photo.",
  "Send the request body as JSON (Content-Type: application/json).":
    "Envía el cuerpo de la petición como JSON (Content-Type: application/json).",
  "Settings loaded": "Ajustes cargados",
  "Settings saved": "Ajustes guardados",
  "Skills found": "Habilidades encontradas",
  "Something went wrong on our side. Please try again.":
    "Algo ha fallado por nuestra parte. Inténtalo de nuevo.",
  Statistics: "Estadísticas",
  Subscribed: "Suscrito",
  "Text cannot contain a NUL character (\\0).": "El texto no puede contener un carácter NUL (\\0).",
  "That password is not right.": "Esa contraseña no es correcta.",
  "The account was deleted; dismiss or remove the content.":
    "La cuenta se eliminó; descarta o retira el contenido.",
  "The database is not answering. Try again shortly.":
    "La base de datos no responde. Inténtalo de nuevo en breve.",
  "The reason: {reason}": "El motivo: {reason}",
  "The request body is empty; send {} when there is nothing to say.":
    "El cuerpo de la petición está vacío; envía {} cuando no haya nada que decir.",
  "The request body is larger than 64 KiB.": "El cuerpo de la petición ocupa más de 64 KiB.",
  "The request body is not valid JSON.": "El cuerpo de la petición no es JSON válido.",
  "The request could not be read.": "No se pudo leer la petición.",
  "The request headers are too large.": "Las cabeceras de la petición son demasiado grandes.",
  "The request took too long to arrive. Please try again.":
    "La petición tardó demasiado en llegar. Inténtalo de nuevo.",
  "There is no API endpoint at this address.": "No hay ningún punto de la API en esta dirección.",
  "There is no group of yours with this id.": "No tienes ningún grupo con este id.",
  "There is no post of yours with this id.": "No tienes ninguna publicación con este id.",
  "There is no unanswered request of yours to undo.":
    "No tienes ninguna solicitud sin respuesta que retirar.",
  "This address could not be read.": "No se pudo leer esta dirección.",
  "This address takes a WebSocket connection.": "Esta dirección admite una conexión WebSocket.",
  "This appeal link is not valid.": "Este enlace de apelación no es válido.",
  "This cursor is not valid; start again from the first page.":
    "Este cursor no es válido; empieza de nuevo desde la primera página.",
  "This method is not allowed here.": "Este método no está permitido aquí.",
  "This profile does not exist.": "Este perfil no existe.",
  "This request is not waiting for your answer.": "Esta solicitud no espera tu respuesta.",
  "Time suggested": "Hora propuesta",
  "Too many attempts. Try again in {minutes} {minutes2}.":
    "Demasiados intentos. Inténtalo de nuevo dentro de {minutes} {minutes2}.",
  "Too many requests. Try again later.": "Demasiadas peticiones. Inténtalo más tarde.",
  "Two-step codes are off.": "Los códigos en dos pasos están desactivados.",
  "Two-step codes are on.": "Los códigos en dos pasos están activados.",
  "Unknown field: {join}": "Campo desconocido: {join}",
  "Unknown or malformed event.": "Evento desconocido o mal formado.",
  "Unread counts loaded": "Recuentos de no leídos cargados",
  "Unread messages": "Mensajes sin leer",
  Unsubscribed: "Suscripción cancelada",
  "User ignored": "Usuario ignorado",
  "We could not send the email right now. Please try again in a few minutes.":
    "Ahora mismo no hemos podido enviar el correo. Inténtalo de nuevo en unos minutos.",
  "You already have a request with this person.": "Ya tienes una solicitud con esta persona.",
  "You can appeal within {days} days from the link in the email we sent you.":
    "Puedes apelar en un plazo de {days} días desde el enlace del correo que te enviamos.",
  "You can create at most {max} {kind} {windowText}. Try again in {seconds} {seconds2}.":
    "Puedes crear como máximo {max} {kind} {windowText}. Inténtalo de nuevo dentro de {seconds} {seconds2}.",
  "You cannot send a request to yourself.": "No puedes enviarte una solicitud a ti mismo.",
  "You do not have permission to do this.": "No tienes permiso para hacer esto.",
  "You have changed your photo many times in a short while. Try again in an hour.":
    "Has cambiado tu foto muchas veces en poco tiempo. Inténtalo de nuevo dentro de una hora.",
  "You left the community.": "Has salido de la comunidad.",
  "Your calendar address": "La dirección de tu calendario",
  "Your password has been changed. Log in with your new password.":
    "Tu contraseña se ha cambiado. Inicia sesión con tu nueva contraseña.",
  "Your password reset has expired or was already used. Ask for a new code.":
    "Tu restablecimiento de contraseña ha caducado o ya se usó. Pide un código nuevo.",
  "Your previous photo is still being processed. Try again in a few seconds.":
    "Tu foto anterior todavía se está procesando. Inténtalo de nuevo en unos segundos.",
  "Your reports": "Tus denuncias",
  "Your security token is missing or out of date. Reload the page and try again.":
    "Falta tu token de seguridad o está caducado. Recarga la página e inténtalo de nuevo.",
  "Your session has ended. Please log in again.":
    "Tu sesión ha terminado. Vuelve a iniciar sesión.",
  minute: "minuto",
  minutes: "minutos",
  second: "segundo",
  seconds: "segundos",
};
