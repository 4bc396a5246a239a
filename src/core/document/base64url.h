// Base64url (RFC 4648 section 5) without '=' padding: the form a link's state= takes.
#pragma once
#include <string>
#include <string_view>

namespace attn {

std::string base64url_encode(std::string_view bytes);
// Strict: only A-Z a-z 0-9 - _, no padding, no whitespace, a length that is not 1 mod 4, and
// unused trailing bits equal to zero (so every text has one encoding). On failure *error names
// the first bad character or the length, and *out is left empty.
bool base64url_decode(std::string_view text, std::string* out, std::string* error);

}  // namespace attn
