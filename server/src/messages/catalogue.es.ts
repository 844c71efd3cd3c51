/**
 * Spanish: as the interface's Spanish catalogue writes it (client/src/i18n/es.ts) — usted,
 * "padre/madre o tutor", "formulario de consentimiento de los padres", "inscripción doble",
 * "contrato de inscripción", "Solicitudes" (the name of the page). Links and names stay as they are.
 */
import type { Catalogue } from './catalogue.en.js';

export const es: Catalogue = {
  'email.resetPassword.subject': 'Restablezca su contraseña',
  'email.resetPassword.body':
    'Hola, {firstName}:\n\nAlguien pidió restablecer la contraseña de su cuenta. Para elegir una nueva, abra este enlace {minutes, plural, one {en el próximo minuto} other {en los próximos # minutos}}:\n\n{link}\n\nSi no fue usted, no haga caso a este correo electrónico: su contraseña seguirá siendo la misma.',

  'email.setPassword.subject': 'Elija su contraseña de Pathway Planner',
  'email.setPassword.body':
    'Hola, {firstName}:\n\n{schoolName} creó su cuenta de Pathway Planner para que pueda planificar sus cursos. Para elegir su contraseña, abra este enlace {days, plural, one {en el próximo día} other {en los próximos # días}}:\n\n{link}\n\nDespués, inicie sesión con esta dirección de correo electrónico.',

  'consent.parentLink.subject': 'Formulario de consentimiento de los padres',
  'consent.parentLink.body':
    '{studentName} firmó el formulario de consentimiento de los padres para la inscripción doble en {schoolName}. Revíselo y fírmelo aquí: {link}',

  'email.admission.greeting': 'Estimado/a {parentName}:',
  'email.admission.greetingNoName': 'Estimado padre, madre o tutor:',
  'email.admission.yourStudent': 'su estudiante',
  'email.admission.signature': 'Admisiones de {schoolName}',
  'email.admissionAccepted.subject': 'Su solicitud a {schoolName} fue aceptada',
  'email.admissionAccepted.body':
    '¡Felicitaciones! La solicitud de {studentName} fue aceptada en {schoolName} para el año escolar 2025-26.\n\nSiguiente paso: firme el contrato de inscripción. Inicie sesión y abra Solicitudes, o vaya a {contractLink}.',
  'email.admissionAccepted.note': 'Nota del equipo de admisiones: {reason}',
  'email.admissionDeclined.subject': 'Novedades sobre su solicitud a {schoolName}',
  'email.admissionDeclined.body':
    'Gracias por presentar su solicitud a {schoolName}. Después de revisarla, en este momento no podemos ofrecerle un lugar a {studentName}.\n\nMotivo: {reason}\n\nSi tiene preguntas, responda a este correo electrónico o comuníquese con el equipo de admisiones.',
  'pdf.plan.title': '{name} - Plan académico',
  'pdf.plan.generated': 'Generado el {date}',
  'pdf.plan.termSummary': '{courses, plural, one {# curso} other {# cursos}}, {units}',
  'pdf.plan.units': '{units, plural, one {# unidad} other {# unidades}}',
  'pdf.plan.noCourses': 'No hay cursos programados para este año.',
  'pdf.plan.column.courseId': 'ID del curso',
  'pdf.plan.column.title': 'Título',
  'pdf.plan.column.units': 'Unidades',
  'pdf.plan.column.grade': 'Calificación',
  'pdf.plan.column.completed': 'Completado',
  'pdf.plan.yes': 'Sí',
  'pdf.plan.no': 'No',
  'pdf.plan.totals': 'Totales',
  'pdf.plan.totalsLine':
    '{courses, plural, one {# curso} other {# cursos}} en {terms, plural, one {# período} other {# períodos}}; {planned} planificadas, {completed} completadas.',
  'pdf.plan.warnings': 'Advertencias de requisitos previos',
  'pdf.plan.noWarnings': 'Ninguna: cada requisito previo está programado en el mismo período o en uno anterior.',
  'pdf.plan.warning': 'Requisito previo no cumplido para "{title}" en {term}',
  'pdf.plan.footer': '{name} - Plan académico - página {page} de {pages}',
  'term.grade9': 'Grado 9',
  'term.grade10': 'Grado 10',
  'term.grade11': 'Grado 11',
  'term.grade12': 'Grado 12',
  'term.year1': 'Primer año',
  'term.year2': 'Segundo año',

  'legal.englishGoverns': 'El texto en inglés de este documento es el que tiene validez legal. Los títulos se muestran también en su idioma.',

  'contract.title': 'Contrato de inscripción de {school}, año escolar {year}',
  'contract.heading.program': '1. Estructura del programa',
  'contract.heading.legal': '2. Cumplimiento legal: FERPA, COPPA y privacidad',
  'contract.heading.conduct': '3. Código de conducta y uso de la tecnología',
  'contract.heading.academic': '4. Responsabilidades académicas de nivel universitario',
  'contract.heading.enrollment': '5. Condiciones de inscripción: matrícula, retiro y terminación',
  'contract.heading.guarantee': '6. Garantía universitaria y limitación de responsabilidad',
  'contract.heading.dispute': '7. Resolución de disputas',
  'contract.heading.agreement': '8. Acuerdo completo',
  'contract.heading.signatures': '9. Firmas',
  'contract.heading.attachment_a': 'Anexo A: Tabla de matrícula y cuotas',
  'contract.heading.attachment_b': 'Anexo B: Exclusión de la información de directorio',
  'contract.initials': 'Iniciales del padre, la madre o el tutor: {topic}',
  'contract.topic.ferpa': 'FERPA',
  'contract.topic.coppa': 'COPPA y privacidad',
  'contract.topic.tech': 'código de conducta y tecnología',
  'contract.topic.academic': 'responsabilidades académicas',
  'contract.topic.enrollment': 'condiciones de inscripción',
  'contract.topic.liability': 'garantía y responsabilidad',
  'contract.topic.dispute': 'resolución de disputas',
  'contract.topic.agreement': 'acuerdo completo',
  'contract.spot.signature': 'Firma del padre, la madre o el tutor',
  'contract.spot.name': 'Nombre en letra de molde del padre, la madre o el tutor',
  'contract.spot.date': 'Fecha',
  'contract.optOutForm': 'Formulario de exclusión de la información de directorio',
  'contract.pdf.parties': 'Estudiante: {student}    Padre, madre o tutor: {parent} ({email})',
  'contract.pdf.enrolledStudent': 'el estudiante inscrito',
  'contract.pdf.spotLabel': '{label}:',
  'contract.pdf.footer': '{title} - página {page} de {pages}',
};
