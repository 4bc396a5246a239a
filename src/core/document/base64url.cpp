// RFC 4648 section 5, strictly: one text for every byte string, so a link is altered or not.
#include "core/document/base64url.h"

#include <cstdint>

namespace attn {
namespace {

const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int base64url_value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
}

}  // namespace

std::string base64url_encode(std::string_view bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const uint32_t n =
            uint32_t(uint8_t(bytes[i])) << 16 | uint32_t(uint8_t(bytes[i + 1])) << 8 | uint8_t(bytes[i + 2]);
        out += kAlphabet[n >> 18];
        out += kAlphabet[(n >> 12) & 63];
        out += kAlphabet[(n >> 6) & 63];
        out += kAlphabet[n & 63];
    }
    if (bytes.size() - i == 1) {
        const uint32_t n = uint32_t(uint8_t(bytes[i])) << 16;
        out += kAlphabet[n >> 18];
        out += kAlphabet[(n >> 12) & 63];
    } else if (bytes.size() - i == 2) {
        const uint32_t n = uint32_t(uint8_t(bytes[i])) << 16 | uint32_t(uint8_t(bytes[i + 1])) << 8;
        out += kAlphabet[n >> 18];
        out += kAlphabet[(n >> 12) & 63];
        out += kAlphabet[(n >> 6) & 63];
    }
    return out;
}

bool base64url_decode(std::string_view text, std::string* out, std::string* error) {
    out->clear();
    for (size_t i = 0; i < text.size(); ++i) {
        if (base64url_value(text[i]) >= 0) continue;
        if (text[i] == '=') {
            *error = "'=' at offset " + std::to_string(i) + ": base64url in links carries no '=' padding, remove it";
        } else {
            const unsigned char c = static_cast<unsigned char>(text[i]);
            const std::string shown =
                c >= 0x21 && c < 0x7f ? std::string("'") + char(c) + "'" : "byte " + std::to_string(c);
            *error = shown + " at offset " + std::to_string(i) + " is not base64url: use only A-Z, a-z, 0-9, - and _";
        }
        return false;
    }
    if (text.size() % 4 == 1) {
        *error = "its length " + std::to_string(text.size()) +
                 " leaves one character over (a length of 4k+1 is never base64url): the link was cut short";
        return false;
    }
    out->reserve(text.size() / 4 * 3 + 2);
    uint32_t acc = 0;
    int bits = 0;
    for (char c : text) {
        acc = (acc << 6) | uint32_t(base64url_value(c));
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out->push_back(char((acc >> bits) & 0xFF));
        }
    }
    if (bits > 0 && (acc & ((1u << bits) - 1)) != 0) {
        out->clear();
        *error = "its last character has bits set that no byte uses (not the canonical encoding): the link was altered";
        return false;
    }
    return true;
}

}  // namespace attn
