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
    'Xin chúc mừng! Đơn đăng ký của {studentName} đã được {schoolName} chấp nhận cho năm học 2025-26.\n\nBước tiếp theo: ký hợp đồng ghi danh. Xin đăng nhập và mở trang Hồ sơ xin học, hoặc vào {contractLink}.',
  'email.admissionAccepted.note': 'Ghi chú của ban tuyển sinh: {reason}',
  'email.admissionDeclined.subject': 'Thông tin mới về đơn đăng ký vào {schoolName} của quý vị',
  'email.admissionDeclined.body':
    'Cảm ơn quý vị đã nộp đơn vào {schoolName}. Sau khi xem xét, hiện nay chúng tôi không thể nhận {studentName} vào học.\n\nLý do: {reason}\n\nNếu quý vị có thắc mắc, xin trả lời email này hoặc liên lạc với ban tuyển sinh.',

  'planReview.approved.subject': 'Kế hoạch học tập của {studentName} đã được phê duyệt',
  'planReview.approved.body':
    'Kính gửi {parentName},\n\n{counselorName} tại {schoolName} đã phê duyệt kế hoạch học tập của {studentName}. Xin đăng nhập để xem: {link}',
  'planReview.returned.subject': 'Kế hoạch học tập của {studentName} đã được gửi lại kèm góp ý',
  'planReview.returned.body':
    'Kính gửi {parentName},\n\n{counselorName} tại {schoolName} đã gửi lại kế hoạch học tập của {studentName} kèm góp ý sau:\n\n{comment}\n\n{studentName} có thể sửa kế hoạch và nộp lại. Xin đăng nhập để xem: {link}',
};
