/**
 * Vietnamese: plain and polite, addressing the reader as "quý vị" as US school districts write to
 * families. A page is named as the interface names it (Hồ sơ xin học, client/src/i18n/vi.ts). Links and names stay as they are.
 */
import type { Catalogue } from './catalogue.en.js';

export const vi: Catalogue = {
  'email.resetPassword.subject': 'Đặt lại mật khẩu của quý vị',
  'email.resetPassword.body':
    'Xin chào {firstName},\n\nCó người đã yêu cầu đặt lại mật khẩu cho tài khoản của quý vị. Để chọn mật khẩu mới, xin mở đường dẫn này trong vòng {minutes, plural, other {# phút}}:\n\n{link}\n\nNếu không phải quý vị yêu cầu, xin bỏ qua email này: mật khẩu của quý vị vẫn giữ nguyên.',

  'email.setPassword.subject': 'Đặt mật khẩu cho Pathway Planner',
  'email.setPassword.body':
    'Xin chào {firstName},\n\n{schoolName} đã tạo cho quý vị một tài khoản Pathway Planner để lên kế hoạch các môn học. Để chọn mật khẩu, xin mở đường dẫn này trong vòng {days, plural, other {# ngày}}:\n\n{link}\n\nSau đó, xin đăng nhập bằng địa chỉ email này.',

  'consent.parentLink.subject': 'Đơn đồng ý của phụ huynh',
  'consent.parentLink.body':
    '{studentName} đã ký đơn đồng ý của phụ huynh để tham gia chương trình ghi danh kép (dual enrollment) tại {schoolName}. Xin quý vị xem lại và ký đơn tại đây: {link}',

  'email.admission.greeting': 'Kính gửi {parentName},',
  'email.admission.greetingNoName': 'Kính gửi quý phụ huynh,',
  'email.admission.yourStudent': 'con em của quý vị',
  'email.admission.signature': 'Ban Tuyển sinh {schoolName}',
  'email.admissionAccepted.subject': 'Đơn đăng ký vào {schoolName} của quý vị đã được chấp nhận',
  'email.admissionAccepted.body':
    'Xin chúc mừng! Đơn đăng ký của {studentName} đã được {schoolName} chấp nhận cho năm học {schoolYear}.\n\nBước tiếp theo: ký hợp đồng ghi danh. Xin đăng nhập và mở trang Hồ sơ xin học, hoặc vào {contractLink}.',
  'email.admissionAccepted.note': 'Ghi chú của ban tuyển sinh: {reason}',
  'email.admissionDeclined.subject': 'Thông tin mới về đơn đăng ký vào {schoolName} của quý vị',
  'email.admissionDeclined.body':
    'Cảm ơn quý vị đã nộp đơn vào {schoolName}. Sau khi xem xét, hiện nay chúng tôi không thể nhận {studentName} vào học.\n\nLý do: {reason}\n\nNếu quý vị có thắc mắc, xin trả lời email này hoặc liên lạc với ban tuyển sinh.',

  'planReview.approved.subject': 'Kế hoạch học tập của {studentName} đã được phê duyệt',
  'planReview.approved.body': 'Kính gửi {parentName},\n\n{counselorName} tại {schoolName} đã phê duyệt kế hoạch học tập của {studentName}. Xin đăng nhập để xem: {link}',
  'planReview.returned.subject': 'Kế hoạch học tập của {studentName} đã được gửi lại kèm góp ý',
  'planReview.returned.body':
    'Kính gửi {parentName},\n\n{counselorName} tại {schoolName} đã gửi lại kế hoạch học tập của {studentName} kèm góp ý sau:\n\n{comment}\n\n{studentName} có thể sửa kế hoạch và nộp lại. Xin đăng nhập để xem: {link}',
  // Tin nhắn văn bản: tên trường và một đường dẫn, không bao giờ là chữ học sinh tự gõ (catalogue.en.ts).
  'sms.consentLink.body':
    '{schoolName}: đơn đồng ý của phụ huynh cho chương trình ghi danh kép (dual enrollment) đang chờ quý vị ký. Xin xem lại và ký đơn tại đây: {link}',
  'sms.planReview.approved.subject': 'Kế hoạch học tập đã được phê duyệt',
  'sms.planReview.approved.body': '{schoolName}: kế hoạch học tập của con quý vị đã được phê duyệt. Xin đăng nhập để xem: {link}',
  'sms.planReview.returned.subject': 'Kế hoạch học tập được gửi lại kèm góp ý',
  'sms.planReview.returned.body': '{schoolName}: kế hoạch học tập của con quý vị đã được gửi lại kèm góp ý. Xin đăng nhập để xem: {link}',
  'pdf.plan.title': '{name} - Kế hoạch học tập',
  'pdf.plan.whatIfTitle': '{name} - Kế hoạch giả định: {plan}',
  'pdf.plan.generated': 'Ngày tạo {date}',
  'pdf.plan.termSummary': '{courses, plural, other {# môn học}}, {units}',
  'pdf.plan.units': '{units, plural, other {# đơn vị}}',
  'pdf.plan.noCourses': 'Năm này chưa có môn học nào.',
  'pdf.plan.column.courseId': 'Mã môn học',
  'pdf.plan.column.title': 'Tên môn học',
  'pdf.plan.column.units': 'Đơn vị',
  'pdf.plan.column.grade': 'Điểm',
  'pdf.plan.column.completed': 'Đã hoàn tất',
  'pdf.plan.yes': 'Có',
  'pdf.plan.no': 'Không',
  'pdf.plan.totals': 'Tổng cộng',
  'pdf.plan.totalsLine': '{courses, plural, other {# môn học}} trong {terms, plural, other {# học kỳ}}; đã dự định {planned}, đã hoàn tất {completed}.',
  'pdf.plan.warnings': 'Cảnh báo về môn tiên quyết',
  'pdf.plan.noWarnings': 'Không có: mọi môn tiên quyết đều được xếp trong cùng học kỳ hoặc một học kỳ trước đó.',
  'pdf.plan.warning': 'Chưa đáp ứng môn tiên quyết của "{title}" trong {term}',
  'pdf.plan.footer': '{title} - trang {page}/{pages}',
  'term.grade9': 'Lớp 9',
  'term.grade10': 'Lớp 10',
  'term.grade11': 'Lớp 11',
  'term.grade12': 'Lớp 12',
  'term.year1': 'Năm thứ nhất',
  'term.year2': 'Năm thứ hai',

  'legal.englishGoverns': 'Bản tiếng Anh của văn bản này là bản có giá trị ràng buộc. Các tiêu đề cũng được ghi bằng ngôn ngữ của quý vị.',

  'contract.title': 'Hợp đồng nhập học {school}, năm học {year}',
  'contract.heading.program': '1. Cơ cấu chương trình',
  'contract.heading.legal': '2. Tuân thủ pháp luật: FERPA, COPPA và quyền riêng tư',
  'contract.heading.conduct': '3. Quy tắc ứng xử và sử dụng công nghệ',
  'contract.heading.academic': '4. Trách nhiệm học tập ở trình độ đại học',
  'contract.heading.enrollment': '5. Điều khoản nhập học: học phí, rút học và chấm dứt',
  'contract.heading.guarantee': '6. Bảo đảm vào đại học và giới hạn trách nhiệm',
  'contract.heading.dispute': '7. Giải quyết tranh chấp',
  'contract.heading.agreement': '8. Toàn bộ thỏa thuận',
  'contract.heading.signatures': '9. Chữ ký',
  'contract.heading.attachment_a': 'Phụ lục A: Biểu học phí và lệ phí',
  'contract.heading.attachment_b': 'Phụ lục B: Từ chối công bố thông tin danh bạ',
  'contract.initials': 'Chữ viết tắt tên của phụ huynh/người giám hộ: {topic}',
  'contract.topic.ferpa': 'FERPA',
  'contract.topic.coppa': 'COPPA và quyền riêng tư',
  'contract.topic.tech': 'quy tắc ứng xử và công nghệ',
  'contract.topic.academic': 'trách nhiệm học tập',
  'contract.topic.enrollment': 'điều khoản nhập học',
  'contract.topic.liability': 'bảo đảm và trách nhiệm',
  'contract.topic.dispute': 'giải quyết tranh chấp',
  'contract.topic.agreement': 'toàn bộ thỏa thuận',
  'contract.spot.signature': 'Chữ ký của phụ huynh/người giám hộ',
  'contract.spot.name': 'Họ tên phụ huynh/người giám hộ (viết rõ)',
  'contract.spot.date': 'Ngày',
  'contract.optOutForm': 'Mẫu đơn từ chối công bố thông tin danh bạ',
  'contract.pdf.parties': 'Học sinh: {student}    Phụ huynh/người giám hộ: {parent} ({email})',
  'contract.pdf.enrolledStudent': 'học sinh được ghi danh',
  'contract.pdf.spotLabel': '{label}:',
  'contract.pdf.footer': '{title} - trang {page}/{pages}',

  'consent.template.title': 'Sự đồng ý của phụ huynh/người giám hộ cho chương trình ghi danh kép',
  'consent.template.subtitle': 'Các môn học cao đẳng cộng đồng học trong thời gian học trung học',
  'consent.template.studentInformation': 'Thông tin học sinh',
  'consent.template.studentAcknowledgment': 'Xác nhận của học sinh',
  'consent.template.parentConsent': 'Sự đồng ý của phụ huynh/người giám hộ',
  'consent.template.blank.first_name': 'Tên của học sinh',
  'consent.template.blank.last_name': 'Họ của học sinh',
  'consent.template.blank.email': 'Email của học sinh',
  'consent.template.blank.school': 'Trường',
  'consent.template.blank.dob': 'Ngày sinh',
  'consent.template.blank.grade': 'Lớp hiện tại',
  'consent.template.blank.graduation_year': 'Năm dự kiến tốt nghiệp',
  'consent.template.studentSignature': 'Chữ ký học sinh',
  'consent.template.parentPrintedName': 'Họ tên phụ huynh/giám hộ',
  'consent.template.parentSignature': 'Chữ ký phụ huynh/giám hộ',
  'consent.template.date': 'Ngày',
  'consent.template.questions': 'Có thắc mắc? Xin hỏi chuyên viên tư vấn của trường. Xin giữ một bản sao mẫu đơn đã ký.',
};
