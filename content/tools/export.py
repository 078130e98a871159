"""Builds the records of a Contentful space export: `sys` blocks, links, entries and assets.

Every timestamp is derived from fixed inputs so the generator writes the same bytes every run.
"""

import hashlib
from datetime import datetime, timedelta, timezone

SPACE = "supplysitedemo"
ENVIRONMENT = "master"
DEFAULT_LOCALE = "en-AU"
SECOND_LOCALE = "en-US"
EDITOR = "5DemoEditorSupplysite0"
ASSET_HOST = "images.ctfassets.net"

# The day the demo space was set up; content types and locales date from it.
SPACE_CREATED = datetime(2019, 1, 14, 1, 30, tzinfo=timezone.utc)


def stamp(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def link(link_type, target_id):
    return {"sys": {"type": "Link", "linkType": link_type, "id": target_id}}


def entry_link(target_id):
    return link("Entry", target_id)


def asset_link(target_id):
    return link("Asset", target_id)


def _user():
    return link("User", EDITOR)


def _space():
    return link("Space", SPACE)


def _environment():
    return {"sys": {"id": ENVIRONMENT, "type": "Link", "linkType": "Environment"}}


def sys_block(kind, record_id, created, edits=1, published=True, content_type=None):
    """A `sys` as the management API returns it.

    `edits` is how many times the record was saved; a published record that has not changed
    since it was published has `version == publishedVersion + 1`.
    """
    created = created.replace(microsecond=(sum(record_id.encode()) % 1000) * 1000)
    updated = created + timedelta(minutes=7 * edits, seconds=13)
    sys = {
        "space": _space(),
        "id": record_id,
        "type": kind,
        "createdAt": stamp(created),
        "updatedAt": stamp(updated),
        "environment": _environment(),
    }
    if published:
        first = created + timedelta(minutes=3)
        sys.update(
            {
                "publishedVersion": edits * 2 - 1 if edits > 1 else 1,
                "publishedAt": stamp(updated),
                "firstPublishedAt": stamp(first if edits > 1 else updated),
            }
        )
    sys["createdBy"] = _user()
    sys["updatedBy"] = _user()
    if published:
        sys["publishedCounter"] = edits
        sys["version"] = sys["publishedVersion"] + 1
        sys["publishedBy"] = _user()
    else:
        sys["publishedCounter"] = 0
        sys["version"] = edits * 2 + 1
    if content_type:
        sys["automationTags"] = []
        sys["contentType"] = link("ContentType", content_type)
    return sys


def localise(fields, localised=None):
    """Turns `{field: value}` into `{field: {locale: value}}`, dropping empty values.

    `localised` holds `{field: value}` for the second locale, for fields that are localised.
    """
    out = {}
    for key, value in fields.items():
        if value is None:
            continue
        out[key] = {DEFAULT_LOCALE: value}
        if localised and key in localised:
            out[key][SECOND_LOCALE] = localised[key]
    return out


def make_entry(content_type, entry_id, created, fields, localised=None, edits=1, published=True):
    return {
        "metadata": {"tags": []},
        "sys": sys_block("Entry", entry_id, created, edits, published, content_type),
        "fields": localise(fields, localised),
    }


def file_token(data):
    """The per-upload path segment Contentful puts in asset URLs (32 hex digits)."""
    return hashlib.md5(data).hexdigest()


def asset_path(asset_id, data, file_name):
    """The asset's URL path below the host: `{space}/{id}/{token}/{file}`."""
    return f"{SPACE}/{asset_id}/{file_token(data)}/{file_name}"


def make_asset(asset_id, created, title, description, file_name, content_type, data, size=None, localised=None):
    """An asset record; `size` is `(width, height)` for images."""
    details = {"size": len(data)}
    if size:
        details["image"] = {"width": size[0], "height": size[1]}
    file = {
        "url": f"//{ASSET_HOST}/{asset_path(asset_id, data, file_name)}",
        "details": details,
        "fileName": file_name,
        "contentType": content_type,
    }
    fields = {"title": title, "description": description, "file": file}
    return {
        "metadata": {"tags": []},
        "sys": sys_block("Asset", asset_id, created),
        "fields": localise(fields, localised),
    }


def content_type_record(ct, index):
    created = SPACE_CREATED + timedelta(minutes=11 * index)
    sys = sys_block("ContentType", ct["id"], created, edits=2)
    sys.pop("automationTags", None)
    return {
        "sys": sys,
        "displayField": ct["displayField"],
        "name": ct["name"],
        "description": ct["description"],
        "fields": ct["fields"],
    }


def editor_interface_record(ct, index, controls):
    created = SPACE_CREATED + timedelta(minutes=11 * index, seconds=40)
    return {
        "sys": {
            "id": "default",
            "type": "EditorInterface",
            "space": _space(),
            "version": 3,
            "createdAt": stamp(created),
            "createdBy": _user(),
            "updatedAt": stamp(created + timedelta(minutes=14)),
            "updatedBy": _user(),
            "contentType": link("ContentType", ct["id"]),
            "environment": _environment(),
        },
        "controls": controls,
    }


def locale_records():
    def locale(code, name, default, fallback, optional, locale_id, minutes):
        created = stamp(SPACE_CREATED + timedelta(minutes=minutes))
        return {
            "name": name,
            "code": code,
            "fallbackCode": fallback,
            "default": default,
            "contentManagementApi": True,
            "contentDeliveryApi": True,
            "optional": optional,
            "sys": {
                "type": "Locale",
                "id": locale_id,
                "version": 1,
                "space": _space(),
                "environment": _environment(),
                "createdBy": _user(),
                "createdAt": created,
                "updatedBy": _user(),
                "updatedAt": created,
            },
        }

    return [
        locale(DEFAULT_LOCALE, "English (Australia)", True, None, False, "3AuDefaultLocale0enAU", 0),
        locale(SECOND_LOCALE, "English (United States)", False, DEFAULT_LOCALE, True, "4UsSecondLocale0enUS", 2),
    ]
